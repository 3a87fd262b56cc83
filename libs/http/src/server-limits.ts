import { ConfigError, type ConfigOf, env, loadConfig } from '@regapi/config';
import { type TrustedProxies, trustedProxies } from './client-address';

/** What bounds a client's hold on a server (docs/decisions/0053). */
export interface ServerLimits {
  /** The request line and headers must all arrive within this, from the connection's first byte (node: 408). */
  readonly headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (node: 408): a dripped body is cut here. */
  readonly requestTimeoutMs: number;
  /** A kept-alive connection with no request in progress is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** A connection on which nothing moves either way (a client that stops reading an answer) is cut after this. */
  readonly idleTimeoutMs: number;
  /** Connections held at once; one more is closed on arrival, so the process keeps descriptors for its own pools. */
  readonly maxConnections: number;
  /**
   * Whose `X-Forwarded-For` names the client (docs/decisions/0075): the per-client limits and a token's allow-list
   * count the client, not the load balancer in front of it. Default: nobody's.
   */
  readonly trustedProxies: TrustedProxies;
}

/**
 * The variables of every HTTP server (README, configuration). The idle timeout is longer than any silence a handler
 * may keep (a duplicate Idempotency-Key waits up to 10 s); the request timeout is generous for a body of 32 KiB.
 */
export const httpServerConfig = {
  HTTP_HEADERS_TIMEOUT_MS: env.integer({ min: 100, max: 600_000, default: 10_000 }),
  HTTP_REQUEST_TIMEOUT_MS: env.integer({ min: 100, max: 600_000, default: 30_000 }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: env.integer({ min: 100, max: 600_000, default: 5_000 }),
  HTTP_IDLE_TIMEOUT_MS: env.integer({ min: 1_000, max: 3_600_000, default: 60_000 }),
  HTTP_MAX_CONNECTIONS: env.integer({ min: 1, max: 1_000_000, default: 2_000 }),
  /** Addresses or CIDR networks of the proxies in front of the server, comma-separated (e.g. the edge's Envoy pods). */
  HTTP_TRUSTED_PROXIES: env.string(''),
};

function trustedProxiesOf(text: string): TrustedProxies {
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    return trustedProxies(list);
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('HTTP_TRUSTED_PROXIES', `must be addresses or CIDR networks, comma-separated: ${reason}`);
  }
}

/** The limits the variables say; a headers timeout longer than the request timeout could never apply: refused. */
export function serverLimitsOf(config: ConfigOf<typeof httpServerConfig>): ServerLimits {
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS', 'must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  return Object.freeze({
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    idleTimeoutMs: config.HTTP_IDLE_TIMEOUT_MS,
    maxConnections: config.HTTP_MAX_CONNECTIONS,
    trustedProxies: trustedProxiesOf(config.HTTP_TRUSTED_PROXIES),
  });
}

/** Reads the HTTP_* variables of `source` (process.env by default); a bad one throws a ConfigError naming it. */
export function loadServerLimits(source: NodeJS.ProcessEnv = process.env): ServerLimits {
  return serverLimitsOf(loadConfig(httpServerConfig, source));
}

/** The defaults of the variables: what `listen` applies when given no limits. */
export const DEFAULT_SERVER_LIMITS: ServerLimits = loadServerLimits({});
