import { type Kysely, sql } from 'kysely';

/**
 * The most orders one account may have open at once (issue 16; docs/decisions/0084): a plan setting. An order is open
 * from its acceptance until it is `finished` (queued, running, awaiting_issue, archiving). The gateway refuses a new
 * execution past it with a 429, before any debit. Never NULL: every plan has a limit, raised by hand (UPDATE plan).
 * Padrão 500 (ten hours of the platform's whole hourly search ceiling); Volume and Parceiro 1000 (a whole batch of up to
 * 1000 items fits an idle account). The partial index keeps the count of one account's open orders O(open orders).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE plan
      ADD COLUMN max_open_orders integer NOT NULL DEFAULT 500
        CONSTRAINT plan_max_open_orders_positive CHECK (max_open_orders > 0)`.execute(db);
  await sql`UPDATE plan SET max_open_orders = 1000 WHERE id IN ('volume', 'parceiro')`.execute(db);
  await sql`CREATE INDEX orders_open_by_account ON orders (account_id) WHERE state <> 'finished'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_open_by_account`.execute(db);
  await sql`ALTER TABLE plan DROP COLUMN max_open_orders`.execute(db);
}
