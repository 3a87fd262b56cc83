import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/**
 * The services' database role (decision 0124): they read and write rows, never change the schema. The migration Job
 * connects as the owner; CloudNativePG creates this role (a managed role with its password from a Secret).
 */
export const RUNTIME_ROLE = 'regapi_runtime';

/** What the migrate step did to the runtime role: `absent` when nobody created it (standalone, tests, local). */
export interface RuntimeRoleResult {
  readonly role: 'absent' | 'granted';
}

/**
 * The migrate step's part of the runtime role, after the migrations, so every table and sequence of the newest schema
 * is covered (idempotent): connect, use the schema, read and write rows and draw sequence values. No TRUNCATE,
 * REFERENCES or TRIGGER, no CREATE: it owns nothing, so it can neither alter nor drop what the migrations made.
 */
export async function applyRuntimeRole(db: Kysely<Database>, role: string = RUNTIME_ROLE): Promise<RuntimeRoleResult> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${role}`.execute(
    db,
  );
  if ((rows[0]?.n ?? 0) === 0) return { role: 'absent' };
  const statements = await sql<{ text: string }>`
    SELECT format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), ${role}::text) AS text
    UNION ALL SELECT format('GRANT USAGE ON SCHEMA public TO %I', ${role}::text)
    UNION ALL SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', ${role}::text)
    UNION ALL SELECT format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO %I', ${role}::text)`.execute(
    db,
  );
  for (const { text } of statements.rows) await sql.raw(text).execute(db);
  return { role: 'granted' };
}
