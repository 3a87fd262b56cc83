import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 12, items 11 and 3:
 * - `protocolo_secret`: ONE row, the key of the permutation that turns an order's sequence value into its protocolo
 *   (libs/orders protocolo.ts, docs/decisions/0050). Generated here, once per database, never shown by the API: with
 *   it the protocolos reveal nothing of the platform's volume; it must never change (a new key could map a new
 *   sequence value onto an old protocolo — the UNIQUE constraint would then refuse the acceptance).
 * - `orders.acceptance_seq`: an identity in the order rows are written. The queue broke ties of the same millisecond
 *   by protocolo, which no longer has an order; this does.
 * - `orders.revisao`, `revisado_em`: how many times a FINISHED result changed and when it last did (a provisional
 *   search closed by the origin, a record view 605 concluded by the reconciliation); `proxima_revisao_em`: when the
 *   next revision of a provisional search is due (docs/decisions/0051).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE protocolo_secret (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    secret bytea NOT NULL CHECK (octet_length(secret) = 32)
  )`.execute(db);
  // ON CONFLICT: two instances migrating at once keep the first key.
  await sql`INSERT INTO protocolo_secret (secret) VALUES (${randomBytes(32)}) ON CONFLICT DO NOTHING`.execute(db);
  await sql`ALTER TABLE orders
    ADD COLUMN acceptance_seq bigint GENERATED ALWAYS AS IDENTITY,
    ADD COLUMN revisao integer NOT NULL DEFAULT 0 CHECK (revisao >= 0),
    ADD COLUMN revisado_em timestamptz,
    ADD COLUMN proxima_revisao_em timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN proxima_revisao_em, DROP COLUMN revisado_em, DROP COLUMN revisao, DROP COLUMN acceptance_seq`.execute(
    db,
  );
  await sql`DROP TABLE protocolo_secret`.execute(db);
}
