import { ConfigError, env, type Reader } from '@regapi/config';
import {
  createKeyring,
  InvalidKeyringError,
  type JwtKeyring,
  MIN_SECRET_LENGTH,
  parseJwtKeys,
} from '../auth/jwt-keyring';

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
  /** `kid1:secret1,kid2:secret2`: every key that verifies tokens (docs/decisions/0015). Required. */
  JWT_KEYS: env.string(),
  /** The kid that signs new tokens; optional when JWT_KEYS holds one key. */
  JWT_ACTIVE_KID: env.optionalString(),
  /** Bearer secret of the admin API (`/admin/v1`), which the ops CLI uses. Required. */
  ADMIN_TOKEN: adminToken,
  /** How long a token's row may be served from memory; 0 reads the database on every request. */
  TOKEN_CACHE_MS: env.integer({ min: 0, max: MAX_TOKEN_CACHE_MS, default: DEFAULT_TOKEN_CACHE_MS }),
};

export interface GatewaySettings {
  readonly keyring: JwtKeyring;
  readonly adminToken: string;
  readonly tokenCacheMs: number;
}

/** The settings from the loaded variables; a key list that cannot be used is a ConfigError naming its variable. */
export function gatewaySettingsFrom(config: {
  readonly JWT_KEYS: string;
  readonly JWT_ACTIVE_KID: string | undefined;
  readonly ADMIN_TOKEN: string;
  readonly TOKEN_CACHE_MS: number;
}): GatewaySettings {
  try {
    return {
      keyring: createKeyring(parseJwtKeys(config.JWT_KEYS), config.JWT_ACTIVE_KID),
      adminToken: config.ADMIN_TOKEN,
      tokenCacheMs: config.TOKEN_CACHE_MS,
    };
  } catch (error: unknown) {
    if (error instanceof InvalidKeyringError) throw new ConfigError(error.variable, error.problem);
    throw error;
  }
}
