import { ConfigError, env, type Reader } from '@regapi/config';
import { HOURLY_SEARCH_CEILING_SETTING, IDLE_SEARCH_RESERVE_SETTING, SANDBOX_TIME_SCALE_SETTING } from '@regapi/orders';
import { type JwtKeyring, jwtKeysConfig, keyringFromConfig, MIN_SECRET_LENGTH } from '@regapi/tokens';
import { WATCH_RUNS_EVERY_MS } from '../monitoramentos/runs/watch-run-job';
import {
  DEFAULT_RATE_LIMIT_BURST,
  DEFAULT_RATE_LIMIT_PER_SECOND,
  MAX_RATE_LIMIT_BURST,
  MAX_RATE_LIMIT_PER_SECOND,
  type RateLimitSettings,
} from '../rate-limit/rate-limit-settings';

/** The revocation cache may hold a token's row this long at most: "refused within seconds" (docs/decisions/0016). */
export const MAX_TOKEN_CACHE_MS = 2000;

/** Default of TOKEN_CACHE_MS. */
export const DEFAULT_TOKEN_CACHE_MS = 1000;

/** Why an admin token cannot be used (a short one could be guessed over the network), or undefined. */
export function adminTokenProblem(token: string): string | undefined {
  if (token.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters`;
  if (/\s/.test(token)) return 'must not contain white space';
  return undefined;
}

const adminToken: Reader<string> = (source, name) => {
  const value = source[name]?.trim();
  if (value === undefined || value === '') throw new ConfigError(name, 'is required but not set');
  const problem = adminTokenProblem(value);
  if (problem !== undefined) throw new ConfigError(name, problem);
  return value;
};

/** Variables of the gateway beyond the common ones (README, configuration). */
export const gatewayConfig = {
  /** JWT_KEYS (required) and JWT_ACTIVE_KID, read as the console reads them (libs/tokens; docs/decisions/0015). */
  ...jwtKeysConfig,
  /** Bearer secret of the admin API (`/admin/v1`), which the ops CLI uses. Required. */
  ADMIN_TOKEN: adminToken,
  /** How long a token's row may be served from memory; 0 reads the database on every request. */
  TOKEN_CACHE_MS: env.integer({ min: 0, max: MAX_TOKEN_CACHE_MS, default: DEFAULT_TOKEN_CACHE_MS }),
  /** How often the watches' due runs are placed and finished runs compared (decision 0164): 1 s to 1 h. */
  WATCH_RUNS_EVERY_MS: env.integer({ min: 1_000, max: 3_600_000, default: WATCH_RUNS_EVERY_MS }),
  /**
   * Contract 8, the same variable origin-session enforces: the gateway only reads it for honest `consultar_daqui_s`
   * estimates, so both must be given the same value.
   */
  HOURLY_SEARCH_CEILING: env.integer(HOURLY_SEARCH_CEILING_SETTING),
  /** origin-session's IDLE_SEARCH_RESERVE, read for the admission of watches (decision 0163): give both the same. */
  IDLE_SEARCH_RESERVE: env.integer(IDLE_SEARCH_RESERVE_SETTING),
  /** Requests one account may make at once, over all its tokens and replicas; ≥ RATE_LIMIT_PER_SECOND (decision 0055). */
  RATE_LIMIT_BURST: env.integer({ min: 1, max: MAX_RATE_LIMIT_BURST, default: DEFAULT_RATE_LIMIT_BURST }),
  /** Requests per second one account's bucket refills; 0 would never refill, so it is refused. */
  RATE_LIMIT_PER_SECOND: env.integer({
    min: 1,
    max: MAX_RATE_LIMIT_PER_SECOND,
    default: DEFAULT_RATE_LIMIT_PER_SECOND,
  }),
  /**
   * The sandbox's database (decision 0099): `teste` tokens are served from it. Unset: no sandbox, and a `teste` token
   * is answered 503.
   */
  SANDBOX_DATABASE_URL: env.optionalUrl(['postgres:', 'postgresql:']),
  /** The sandbox archive's bucket, on the same S3 endpoint as S3_BUCKET. Default: S3_BUCKET with `-sandbox`. */
  SANDBOX_S3_BUCKET: env.optionalString(),
  /**
   * The sandbox's clock (decision 0136): the same value its simulator (SIM_TIME_SCALE) and its services
   * (ORIGIN_TIME_SCALE) are given, so every wait a `teste` token is told is on the sandbox's time. Read only with
   * SANDBOX_DATABASE_URL.
   */
  SANDBOX_TIME_SCALE: env.number(SANDBOX_TIME_SCALE_SETTING),
  /** Accept `http:` webhook URLs at registration: tests and local runs only (docs/decisions/0095). */
  WEBHOOKS_ALLOW_HTTP: env.boolean(false),
};

export interface GatewaySettings {
  readonly keyring: JwtKeyring;
  readonly adminToken: string;
  readonly tokenCacheMs: number;
  readonly rateLimit: RateLimitSettings;
  readonly watchRunsEveryMs: number;
}

/**
 * The per-token limit; a bucket smaller than one second of refill is refused: `RateLimit-Policy` states its window in
 * whole seconds and could not tell such a limit truthfully.
 */
function rateLimitFrom(burst: number, perSecond: number): RateLimitSettings {
  if (burst < perSecond) {
    throw new ConfigError('RATE_LIMIT_BURST', `must be at least RATE_LIMIT_PER_SECOND (${perSecond}), got ${burst}`);
  }
  return { burst, perSecond };
}

/**
 * The settings from the loaded variables; a key list that cannot be used is a ConfigError naming its variable. The
 * rate-limit and watch-run variables may be left out (a launcher that does not read them): their defaults apply.
 */
export function gatewaySettingsFrom(config: {
  readonly JWT_KEYS: string;
  readonly JWT_ACTIVE_KID: string | undefined;
  readonly ADMIN_TOKEN: string;
  readonly TOKEN_CACHE_MS: number;
  readonly RATE_LIMIT_BURST?: number;
  readonly RATE_LIMIT_PER_SECOND?: number;
  readonly WATCH_RUNS_EVERY_MS?: number;
}): GatewaySettings {
  const rateLimit = rateLimitFrom(
    config.RATE_LIMIT_BURST ?? DEFAULT_RATE_LIMIT_BURST,
    config.RATE_LIMIT_PER_SECOND ?? DEFAULT_RATE_LIMIT_PER_SECOND,
  );
  return {
    keyring: keyringFromConfig(config),
    adminToken: config.ADMIN_TOKEN,
    tokenCacheMs: config.TOKEN_CACHE_MS,
    rateLimit,
    watchRunsEveryMs: config.WATCH_RUNS_EVERY_MS ?? WATCH_RUNS_EVERY_MS,
  };
}
