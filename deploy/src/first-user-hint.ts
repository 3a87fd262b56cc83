/**
 * How an operator gives a customer account its first console administrator, as standalone's and the distributed
 * runner's start lines tell it.
 * PLACEHOLDER until the `pnpm ops` command for console users lands (issue 15): the one place to update then.
 */
export const FIRST_USER_HINT = 'pnpm ops (console users: see docs/console.md, "Running the console")';
