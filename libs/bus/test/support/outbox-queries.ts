import type { TestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';

export async function outboxRows(database: TestDatabase) {
  return database.db.selectFrom('outbox').selectAll().orderBy('created_at').orderBy('seq').execute();
}

/** The pid of the relay's LISTEN connection once it is listening (a test can then rely on NOTIFY, or kill it). */
export async function listeningBackend(database: TestDatabase): Promise<number | undefined> {
  const result = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND query ILIKE 'LISTEN %' AND pid <> pg_backend_pid()`.execute(database.db);
  return result.rows[0]?.pid;
}
