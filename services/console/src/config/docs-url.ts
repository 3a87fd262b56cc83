/**
 * The public API documentation the console links to (CONSOLE_DOCS_URL, docs/decisions/0156): by default docs/api.md
 * as the repository's web host renders it, the host the alerts' runbooks are on (docs/decisions/0153). A deployment
 * that publishes the docs elsewhere sets the variable.
 */
export const DEFAULT_CONSOLE_DOCS_URL = 'https://github.com/regapi/regapi/blob/main/docs/api.md';
