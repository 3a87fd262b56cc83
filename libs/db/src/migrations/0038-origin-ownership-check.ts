import { type Kysely, sql } from 'kysely';

/**
 * The daily check that every order the origin lists belongs to exactly one of ours (issue 26; docs/decisions/0111).
 * - `origin_ownership_check`: one row per Brasília day, inserted by the replica that asks that day's listing (a second
 *   replica's insert is a no-op), marked when a listing covering it is applied; re-asked hourly until then.
 * - `origin_ownership_finding`: an origin order found with no owner, or with two or more, recorded once per finding:
 *   the alert is raised for the row that was new, so listings that overlap (daily, record-view rounds, the month
 *   close) or arrive twice never alert twice. Kept as the operators' list of what was found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (...statements: string[]): Promise<void> => {
    for (const statement of statements) await sql.raw(statement).execute(db);
  };
  await run(
    `CREATE TABLE origin_ownership_check (
       -- The Brasília day, AAAA-MM-DD (text, as registry_month_close's month: no time zone in the key).
       day text PRIMARY KEY CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
       since timestamptz NOT NULL,
       listing_asked_at timestamptz NOT NULL,
       listing_applied_at timestamptz
     )`,
    `CREATE TABLE origin_ownership_finding (
       numero_pedido text NOT NULL,
       finding text NOT NULL CHECK (finding IN ('unowned', 'claimed_twice')),
       produto text NOT NULL,
       criado_em timestamptz NOT NULL,
       owner_order_ids uuid[] NOT NULL,
       listed_at timestamptz NOT NULL,
       found_at timestamptz NOT NULL,
       PRIMARY KEY (numero_pedido, finding),
       CHECK ((finding = 'unowned') = (cardinality(owner_order_ids) = 0))
     )`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE origin_ownership_finding').execute(db);
  await sql.raw('DROP TABLE origin_ownership_check').execute(db);
}
