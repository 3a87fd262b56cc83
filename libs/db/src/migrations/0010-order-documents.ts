import { type Kysely, sql } from 'kysely';

/**
 * The archive's record of every document it keeps (issue 6; docs/decisions/0030): one row per order and kind, written
 * in the transaction that finishes the order, so a row exists exactly for a delivered, archived document. The object
 * itself lives in S3 under `storage_key` (derived from account and protocolo: a re-upload overwrites the same key);
 * `sha256` is what the document endpoint answers as its ETag and what a restore is checked against.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE order_document (
        order_id uuid NOT NULL REFERENCES orders (id),
        kind text NOT NULL CHECK (kind IN ('comprovante', 'visualizacao', 'certidao')),
        storage_key text NOT NULL UNIQUE CHECK (btrim(storage_key) <> ''),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        size_bytes bigint NOT NULL CHECK (size_bytes > 0),
        content_type text NOT NULL,
        origin_url text NOT NULL,
        stored_at timestamptz NOT NULL,
        PRIMARY KEY (order_id, kind)
      )`)
    .execute(db);
  await sql`COMMENT ON TABLE order_document IS 'Archived documents (S3 key, SHA-256) per order and kind.'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_document').execute();
}
