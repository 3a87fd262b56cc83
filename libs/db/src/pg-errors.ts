/** PostgreSQL error codes the code base reacts to, by name. */
export const PG_ERROR = {
  UNIQUE_VIOLATION: '23505',
  CHECK_VIOLATION: '23514',
  FOREIGN_KEY_VIOLATION: '23503',
  SERIALIZATION_FAILURE: '40001',
  DUPLICATE_DATABASE: '42P04',
  FEATURE_NOT_SUPPORTED: '0A000',
} as const;

/** The SQLSTATE of a pg error, if `error` is one. */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

/** Socket errors (node's `code`) that mean the server could not be reached or the connection dropped. */
const SOCKET_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is there but will not serve now: class 08 (connection exception) is matched by prefix;
 * shutting down (57P01 admin, 57P02 crash), starting up (57P03), out of connection slots (53300).
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool throw, without a code, when a connection is lost or cannot be made in time. */
const CONNECTION_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Connection closed/,
];

function isConnectionErrorAt(error: unknown, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined && (SOCKET_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08...$/.test(code))) {
    return true;
  }
  if (error instanceof Error && CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // node's connect to a name with several addresses fails with an AggregateError of each attempt.
  if (error instanceof AggregateError && error.errors.some((inner) => isConnectionErrorAt(inner, depth + 1))) {
    return true;
  }
  return 'cause' in error && isConnectionErrorAt(error.cause, depth + 1);
}

/**
 * True when `error` says the database (or the network to it) is unavailable, not that a statement is wrong: the
 * connection was refused, dropped or timed out, or the server is shutting down, starting up or out of connection
 * slots. The one classification of an infrastructure failure: an HTTP request answers it 503 with Retry-After (never
 * 500), a service start waits and retries, a consumer does not count it against a message (docs/decisions/0058).
 */
export function isConnectionError(error: unknown): boolean {
  return isConnectionErrorAt(error, 0);
}
