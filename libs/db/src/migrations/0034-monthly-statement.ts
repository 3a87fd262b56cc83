import { type Kysely, sql } from 'kysely';

/**
 * The closed monthly statement of an account (issue 18; docs/decisions/0105): one row per account and calendar month
 * in Brasília, written once when the month is closed, with the totals and the keys and SHA-256 of its two documents
 * (CSV and PDF) in the document store. Immutable like the ledger it summarizes: UPDATE, DELETE and TRUNCATE are
 * refused by triggers (SQLSTATE LG006), so a closed month can never be rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE monthly_statement (
      account_id uuid NOT NULL REFERENCES account (id),
      month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      opening_centavos bigint NOT NULL,
      closing_centavos bigint NOT NULL,
      credits_centavos bigint NOT NULL CHECK (credits_centavos >= 0),
      debits_centavos bigint NOT NULL CHECK (debits_centavos <= 0),
      lines integer NOT NULL CHECK (lines >= 0),
      csv_key text NOT NULL,
      csv_sha256 text NOT NULL CHECK (csv_sha256 ~ '^[0-9a-f]{64}$'),
      csv_bytes integer NOT NULL CHECK (csv_bytes > 0),
      pdf_key text NOT NULL,
      pdf_sha256 text NOT NULL CHECK (pdf_sha256 ~ '^[0-9a-f]{64}$'),
      pdf_bytes integer NOT NULL CHECK (pdf_bytes > 0),
      closed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, month),
      CHECK (closing_centavos = opening_centavos + credits_centavos + debits_centavos)
    )`.execute(db);
  await sql`
    CREATE FUNCTION monthly_statement_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a closed monthly statement is immutable: % refused', TG_OP USING ERRCODE = 'LG006';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER monthly_statement_immutable BEFORE UPDATE OR DELETE ON monthly_statement
    FOR EACH ROW EXECUTE FUNCTION monthly_statement_immutable()`.execute(db);
  await sql`
    CREATE TRIGGER monthly_statement_no_truncate BEFORE TRUNCATE ON monthly_statement
    FOR EACH STATEMENT EXECUTE FUNCTION monthly_statement_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE monthly_statement`.execute(db);
  await sql`DROP FUNCTION monthly_statement_immutable()`.execute(db);
}
