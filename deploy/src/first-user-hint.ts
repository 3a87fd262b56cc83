/**
 * How an operator gives a customer account its first console administrator, as standalone's and the distributed
 * runner's start lines tell it (docs/decisions/0082): without SMTP the answer carries the invitation link.
 */
export const FIRST_USER_HINT = 'pnpm --silent ops user invite --account ID --email E --role administrador';
