import { commonConfig, env } from '@regapi/config';

/** What `pnpm migrate` (libs/db/dist/migrate-cli.js, the Kubernetes migration Job) reads from its environment. */
export const migrateConfig = {
  DATABASE_URL: commonConfig.DATABASE_URL,
  /** The read-only finance role's password, from a secret (docs/decisions/0104); unset leaves the role as it is. */
  FINANCE_DB_PASSWORD: env.optionalString(),
};
