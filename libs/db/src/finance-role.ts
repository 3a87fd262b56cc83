import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/** Finance's read-only role (migration 0036, docs/decisions/0104). */
export const FINANCE_ROLE = 'regapi_finance';

/**
 * The views finance reads: exactly those docs/finance.md documents (a test compares both with the grants). A new one
 * is added here AND granted by its migration.
 */
export const FINANCE_VIEWS = [
  'finance_account_statement',
  'finance_daily_totals',
  'finance_refunds_by_class',
  'finance_registry_fee',
  'finance_order_margin',
  'finance_registry_payable',
  'finance_platform_loss',
] as const;

/** What the migrate step did to the finance role. */
export interface FinanceRoleResult {
  /** `absent`: nobody created the role (and this user may not); nothing granted. */
  readonly role: 'absent' | 'granted';
  /** A password was set and the role may log in. */
  readonly login: boolean;
}

/**
 * The migrate step's part of the finance role (docs/decisions/0104), after the migrations: the grants of migration
 * 0036 again, for a role the cluster's operator created after that migration ran (idempotent), and, when the secret
 * `FINANCE_DB_PASSWORD` is given, its password with LOGIN. Without one the role stays as it is (NOLOGIN when this
 * step created it). The password is quoted by the server (`format('%L')`), never spliced by hand.
 */
export async function applyFinanceRole(db: Kysely<Database>, password: string | undefined): Promise<FinanceRoleResult> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = ${FINANCE_ROLE}`.execute(db);
  if ((rows[0]?.n ?? 0) === 0) return { role: 'absent', login: false };
  await sql
    .raw(`
      DO $$
      BEGIN
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${FINANCE_ROLE}', current_database());
        GRANT USAGE ON SCHEMA public TO ${FINANCE_ROLE};
        GRANT SELECT ON ${FINANCE_VIEWS.join(', ')} TO ${FINANCE_ROLE};
      END $$`)
    .execute(db);
  if (password === undefined) return { role: 'granted', login: false };
  const statement = await sql<{ text: string }>`
    SELECT format('ALTER ROLE %I LOGIN PASSWORD %L', ${FINANCE_ROLE}::text, ${password}::text) AS text`.execute(db);
  const text = statement.rows[0]?.text;
  if (text === undefined) throw new Error('could not build the finance role statement');
  await sql.raw(text).execute(db);
  return { role: 'granted', login: true };
}
