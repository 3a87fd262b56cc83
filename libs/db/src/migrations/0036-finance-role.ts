import { type Kysely, sql } from 'kysely';

/**
 * The read-only role of finance (issue 18; docs/decisions/0104): `regapi_finance` may read the finance views
 * documented in docs/finance.md and nothing else — no table, so no token, password, request body or CPF/CNPJ of a
 * searched person (LGPD). A view runs with its owner's rights, so SELECT on the view is all it needs.
 *
 * Roles are cluster-wide and many databases (every test database) share the cluster: the role is created only when
 * absent, NOLOGIN — a password is set from a secret by the migrate step (`FINANCE_DB_PASSWORD`) or by the cluster's
 * operator — and a creation racing another database's is taken as done. Where the migrating user may not create
 * roles and nobody created it, the grants are skipped with a warning: the cluster's operator declares the role, and
 * the migrate step grants again on every run (libs/db `applyFinanceRole`). `down` revokes; it never drops the role
 * other databases still use.
 */
const FINANCE_ROLE = 'regapi_finance';

/** The finance views as of this migration (the living list is libs/db `FINANCE_VIEWS`). */
const FINANCE_VIEWS = [
  'finance_account_statement',
  'finance_daily_totals',
  'finance_refunds_by_class',
  'finance_registry_fee',
  'finance_order_margin',
  'finance_registry_payable',
  'finance_platform_loss',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      DO $$
      BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${FINANCE_ROLE}')
           AND EXISTS (SELECT FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
          BEGIN
            CREATE ROLE ${FINANCE_ROLE} NOLOGIN NOINHERIT;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL; -- another database's migration created it first
          END;
        END IF;
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${FINANCE_ROLE}') THEN
          RAISE WARNING 'role ${FINANCE_ROLE} does not exist and % may not create it: finance grants skipped',
            current_user;
          RETURN;
        END IF;
        EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${FINANCE_ROLE}', current_database());
        GRANT USAGE ON SCHEMA public TO ${FINANCE_ROLE};
        GRANT SELECT ON ${FINANCE_VIEWS.join(', ')} TO ${FINANCE_ROLE};
      END $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      DO $$
      BEGIN
        IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${FINANCE_ROLE}') THEN
          REVOKE SELECT ON ${FINANCE_VIEWS.join(', ')} FROM ${FINANCE_ROLE};
          REVOKE USAGE ON SCHEMA public FROM ${FINANCE_ROLE};
          EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM ${FINANCE_ROLE}', current_database());
        END IF;
      END $$`)
    .execute(db);
}
