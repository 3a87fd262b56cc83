import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from './migrations';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly migration: string | undefined,
    cause: unknown,
  ) {
    super(`migration ${migration ?? '(unknown)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/**
 * Brings the schema to the newest migration. Safe when several processes start at once: kysely's Migrator takes a
 * PostgreSQL advisory lock around the run, so the others wait and then find nothing left to do.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new MigrationError(failed?.migrationName, result.error);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A short hash of the migrations' files (names and text): databases migrated by files with the same fingerprint have
 * the same schema. The test kit names its migrated template database by it.
 */
export function migrationsFingerprint(): string {
  const folder = join(__dirname, 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(folder).sort()) hash.update(`${file}\n`).update(readFileSync(join(folder, file)));
  return hash.digest('hex').slice(0, 16);
}
