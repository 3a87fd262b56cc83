import { configOrExit, loadConfig } from '@regapi/config';
import { createDb } from './create-db';
import { applyFinanceRole } from './finance-role';
import { migrateToLatest } from './migrate';
import { migrateConfig } from './migrate-config';
import { applyRuntimeRole } from './runtime-role';

/** `pnpm migrate`: brings DATABASE_URL to the newest schema and prints what it applied. */
async function main(): Promise<void> {
  const config = configOrExit(() => loadConfig(migrateConfig));
  const handle = createDb(config.DATABASE_URL, { max: 1, applicationName: 'migrate' });
  try {
    const applied = await migrateToLatest(handle.db);
    const financeRole = await applyFinanceRole(handle.db, config.FINANCE_DB_PASSWORD);
    const runtimeRole = await applyRuntimeRole(handle.db);
    process.stdout.write(`${JSON.stringify({ applied, financeRole, runtimeRole })}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
