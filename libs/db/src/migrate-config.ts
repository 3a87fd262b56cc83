import { commonConfig } from '@regapi/config';

/** What `pnpm migrate` (libs/db/dist/migrate-cli.js, the Kubernetes migration Job) reads from its environment. */
export const migrateConfig = { DATABASE_URL: commonConfig.DATABASE_URL };
