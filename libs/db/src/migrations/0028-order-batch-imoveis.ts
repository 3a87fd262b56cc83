import { type Kysely, sql } from 'kysely';

/**
 * Batches of property requests (issue 16; docs/decisions/0090): a third `kind` of `order_batch`, `imoveis` — one record
 * view or one certificate per item (`fonte` says which), one order and one debit each, accepted or refused whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_batch DROP CONSTRAINT order_batch_kind_check`.execute(db);
  await sql`ALTER TABLE order_batch ADD CONSTRAINT order_batch_kind_check
    CHECK (kind IN ('pesquisa-nacional', 'pesquisa-alvos', 'imoveis'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE orders SET batch_id = NULL
    WHERE batch_id IN (SELECT id FROM order_batch WHERE kind = 'imoveis')`.execute(db);
  await sql`DELETE FROM order_batch WHERE kind = 'imoveis'`.execute(db);
  await sql`ALTER TABLE order_batch DROP CONSTRAINT order_batch_kind_check`.execute(db);
  await sql`ALTER TABLE order_batch ADD CONSTRAINT order_batch_kind_check
    CHECK (kind IN ('pesquisa-nacional', 'pesquisa-alvos'))`.execute(db);
}
