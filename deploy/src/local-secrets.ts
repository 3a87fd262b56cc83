import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@regapi/config';
import { adminTokenProblem, type GatewaySettings, gatewaySettingsFrom } from '@regapi/gateway';

/** Files under DATA_DIR; both mode 0600, created on the first start and reused after (docs/operations.md). */
export const JWT_KEYS_FILE = 'jwt-keys';
export const ADMIN_TOKEN_FILE = 'admin-token';
/** The embedded PostgreSQL superuser's password (standalone; decision 0059). */
export const DB_PASSWORD_FILE = 'pg-password';

/** The embedded cluster's superuser password: DATA_DIR/pg-password, generated (0600) on the first start. */
export function embeddedDbPassword(dataDir: string): string {
  return readOrCreate(path.join(dataDir, DB_PASSWORD_FILE), () => randomBytes(32).toString('base64url'));
}

export interface LocalSecretVariables {
  readonly JWT_KEYS: string;
  readonly JWT_ACTIVE_KID: string | undefined;
  readonly ADMIN_TOKEN: string;
}

/** The file's content; on the first start, `generate()` written with mode 0600 (never readable by others). */
function readOrCreate(file: string, generate: () => string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The gateway's secrets on a developer machine, as its variables: each one set in `env` wins (so a rotation can be
 * rehearsed locally); otherwise `DATA_DIR/jwt-keys` (one `kid:secret`, the JWT_KEYS format) and
 * `DATA_DIR/admin-token` (the file `pnpm ops` reads), generated on the first start and reused, so tokens issued
 * before a restart stay valid. Usable by any local launcher that starts a gateway.
 */
export function localSecretVariables(
  dataDir: string,
  env: {
    readonly JWT_KEYS?: string | undefined;
    readonly JWT_ACTIVE_KID?: string | undefined;
    readonly ADMIN_TOKEN?: string | undefined;
  },
): LocalSecretVariables {
  const given = (value: string | undefined): string | undefined =>
    value === undefined || value.trim() === '' ? undefined : value.trim();
  return {
    JWT_KEYS:
      given(env.JWT_KEYS) ??
      readOrCreate(path.join(dataDir, JWT_KEYS_FILE), () => `standalone-1:${randomBytes(48).toString('base64url')}`),
    JWT_ACTIVE_KID: given(env.JWT_ACTIVE_KID),
    ADMIN_TOKEN:
      given(env.ADMIN_TOKEN) ??
      readOrCreate(path.join(dataDir, ADMIN_TOKEN_FILE), () => randomBytes(32).toString('base64url')),
  };
}

/** The gateway's settings in standalone mode (see `localSecretVariables`); a bad value is a ConfigError naming it. */
export function loadOrCreateLocalSecrets(
  dataDir: string,
  config: Parameters<typeof localSecretVariables>[1] & {
    readonly TOKEN_CACHE_MS: number;
    readonly RATE_LIMIT_BURST?: number;
    readonly RATE_LIMIT_PER_SECOND?: number;
    readonly WATCH_RUNS_EVERY_MS?: number;
  },
): GatewaySettings {
  const variables = localSecretVariables(dataDir, config);
  const problem = adminTokenProblem(variables.ADMIN_TOKEN);
  if (problem !== undefined) throw new ConfigError('ADMIN_TOKEN', problem);
  return gatewaySettingsFrom({
    ...variables,
    TOKEN_CACHE_MS: config.TOKEN_CACHE_MS,
    ...(config.RATE_LIMIT_BURST === undefined ? {} : { RATE_LIMIT_BURST: config.RATE_LIMIT_BURST }),
    ...(config.RATE_LIMIT_PER_SECOND === undefined ? {} : { RATE_LIMIT_PER_SECOND: config.RATE_LIMIT_PER_SECOND }),
    ...(config.WATCH_RUNS_EVERY_MS === undefined ? {} : { WATCH_RUNS_EVERY_MS: config.WATCH_RUNS_EVERY_MS }),
  });
}
