import { pgErrorCode } from './pg-errors';

/**
 * Is `error` the database being out of reach (down, restarting, out of connection slots, the network cut, the pool
 * unable to connect) rather than something wrong with the statement or the data? The ONE classification of an
 * infrastructure failure: the message bus waits instead of counting a delivery attempt on it (docs/decisions/0056),
 * an HTTP request answers it 503 with Retry-After, never 500, and a service start waits and retries (0058). Its socket
 * codes also cover another dependency's connection (the archive's S3 store at start). Looks through `cause` chains
 * and AggregateErrors (Node's happy-eyeballs connect gives one per address).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return someInChain(error, isUnreachableItself);
}

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
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
 * SQLSTATEs of a server that is going away or not taking connections: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 53300
 * too_many_connections.
 */
const UNREACHABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres throws, without a code, when a connection dies under it or cannot be had from the pool. */
const PG_CONNECTION_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Connection closed/,
  /^Query read timeout/,
  // A client's connect timeout (createDb's connectTimeoutMs): the server never answered the connection.
  /^timeout expired$/,
];

function isUnreachableItself(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = field(error, 'message');
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** Read structurally: errors of Node's own (sockets) may come from another realm, where `instanceof Error` fails. */
function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
}

function someInChain(error: unknown, test: (candidate: unknown) => boolean, depth = 0): boolean {
  if (depth > 8 || error === null || error === undefined) return false;
  if (test(error)) return true;
  const inner = field(error, 'errors');
  if (Array.isArray(inner) && inner.some((each: unknown) => someInChain(each, test, depth + 1))) return true;
  return someInChain(field(error, 'cause'), test, depth + 1);
}
