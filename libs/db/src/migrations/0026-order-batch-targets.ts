import { type Kysely, sql } from 'kysely';

/**
 * The many-targets batch (issue 16; docs/decisions/0088): a second `kind` of `order_batch`, `pesquisa-alvos` — one
 * preliminary search per item (CPF/CNPJ × UF) of the request, one order and one debit each, accepted or refused whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_batch DROP CONSTRAINT order_batch_kind_check`.execute(db);
  await sql`ALTER TABLE order_batch ADD CONSTRAINT order_batch_kind_check
    CHECK (kind IN ('pesquisa-nacional', 'pesquisa-alvos'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM order_batch WHERE kind = 'pesquisa-alvos'`.execute(db);
  await sql`ALTER TABLE order_batch DROP CONSTRAINT order_batch_kind_check`.execute(db);
  await sql`ALTER TABLE order_batch ADD CONSTRAINT order_batch_kind_check CHECK (kind IN ('pesquisa-nacional'))`.execute(
    db,
  );
}
