import { type Kysely, sql } from 'kysely';

/**
 * Batches (issue 16; docs/decisions/0087): one request, one Idempotency-Key, one acceptance transaction that creates
 * one order per item. The first kind is the nationwide preliminary search (one order per UF offered); the many-targets
 * batch is another `kind` over the same rows. `lote` is digits only, from the protocolo sequence, so it never equals
 * an order's protocolo. `price_centavos` is the sum the client was charged (one ledger debit per order, all in the
 * same transaction). Each order points back at its batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE order_batch (
      id uuid PRIMARY KEY,
      lote text NOT NULL UNIQUE CHECK (lote ~ '^[0-9]+$'),
      account_id uuid NOT NULL REFERENCES account (id),
      token_id uuid,
      kind text NOT NULL CHECK (kind IN ('pesquisa-nacional')),
      fonte text NOT NULL CHECK (fonte IN ('pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor')),
      request jsonb NOT NULL,
      idempotency_key uuid NOT NULL,
      price_centavos bigint NOT NULL CHECK (price_centavos > 0),
      aceite jsonb NOT NULL,
      request_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX order_batch_account ON order_batch (account_id, created_at)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN batch_id uuid REFERENCES order_batch (id)`.execute(db);
  await sql`CREATE INDEX orders_batch ON orders (batch_id) WHERE batch_id IS NOT NULL`.execute(db);
  await sql`COMMENT ON TABLE order_batch IS 'Batches of orders accepted in one request (nationwide search).'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN batch_id`.execute(db);
  await sql`DROP TABLE order_batch`.execute(db);
}
