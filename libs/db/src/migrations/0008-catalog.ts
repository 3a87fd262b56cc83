import { type Kysely, sql } from 'kysely';

const FONTES = `('pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor')`;

/**
 * The local catalog (libs/catalog; architecture rule 5: quotes never call the origin) and origin-session's log of
 * order-placing calls (docs/decisions/0021).
 * - `catalog_office`: every registry office the origin lists, out-of-service ones included (contract 2.4: they stay
 *   counted). `municipio_chave` is the municipality without accents, case or punctuation, so a client's spelling of
 *   the OFFICE's municipality finds it; (uf, municipio_chave, numero) addresses an office (contract 1.6).
 * - `catalog_uf_fee` / `catalog_office_fee`: the origin's fee per product and UF (the preliminary search) or per
 *   product and office (record view, certificate), integer centavos. A 0 is kept as the origin said it: it means
 *   unknown, never free, and the lookups answer "not offered" for it (contract 7.9).
 * - `catalog_sync`: one row per completed sync (when, what the origin said, how much); the newest is the catalog in
 *   force. A sync replaces the three tables in one transaction, so a quote sees the old catalog or the new one.
 * - `origin_order_attempt`: one row per call that may place an order at the origin (search, record view, certificate),
 *   written BEFORE the call: the hourly ceiling of contract 8 counts searches here (from the database, not memory), and an
 *   attempt without `answered_at` is the mark of a call whose answer nobody saw (a crash): the order is in doubt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE TABLE catalog_office (
        cns text PRIMARY KEY CHECK (cns ~ '^[0-9]{6}$'),
        numero integer NOT NULL CHECK (numero >= 1),
        nome text NOT NULL CHECK (btrim(nome) <> ''),
        municipio text NOT NULL CHECK (btrim(municipio) <> ''),
        municipio_chave text NOT NULL CHECK (municipio_chave <> ''),
        uf text NOT NULL CHECK (uf ~ '^[A-Z]{2}$'),
        time_zone text NOT NULL,
        disponivel boolean NOT NULL,
        CONSTRAINT catalog_office_address UNIQUE (uf, municipio_chave, numero)
      )`)
    .execute(db);
  await sql
    .raw(`
      CREATE TABLE catalog_uf_fee (
        fonte text NOT NULL CHECK (fonte IN ${FONTES}),
        uf text NOT NULL CHECK (uf ~ '^[A-Z]{2}$'),
        centavos bigint NOT NULL CHECK (centavos >= 0),
        PRIMARY KEY (fonte, uf)
      )`)
    .execute(db);
  await sql
    .raw(`
      CREATE TABLE catalog_office_fee (
        fonte text NOT NULL CHECK (fonte IN ${FONTES}),
        cns text NOT NULL REFERENCES catalog_office (cns) ON DELETE CASCADE,
        centavos bigint NOT NULL CHECK (centavos >= 0),
        PRIMARY KEY (fonte, cns)
      )`)
    .execute(db);
  await sql
    .raw(`
      CREATE TABLE catalog_sync (
        id bigserial PRIMARY KEY,
        synced_at timestamptz NOT NULL,
        origin_generated_at timestamptz NOT NULL,
        vigencia date NOT NULL,
        offices integer NOT NULL CHECK (offices >= 0),
        offices_available integer NOT NULL CHECK (offices_available >= 0),
        uf_fees integer NOT NULL CHECK (uf_fees >= 0),
        office_fees integer NOT NULL CHECK (office_fees >= 0)
      )`)
    .execute(db);
  await sql.raw('CREATE INDEX catalog_sync_newest ON catalog_sync (synced_at DESC)').execute(db);

  await sql
    .raw(`
      CREATE TABLE origin_order_attempt (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id),
        fonte text NOT NULL CHECK (fonte IN ${FONTES}),
        started_at timestamptz NOT NULL,
        answered_at timestamptz,
        outcome text,
        numero_pedido text,
        CONSTRAINT origin_order_attempt_answered CHECK ((answered_at IS NULL) = (outcome IS NULL))
      )`)
    .execute(db);
  await sql.raw('CREATE INDEX origin_order_attempt_ceiling ON origin_order_attempt (fonte, started_at)').execute(db);
  await sql.raw('CREATE INDEX origin_order_attempt_order ON origin_order_attempt (order_id, started_at)').execute(db);
  await sql
    .raw(
      'CREATE INDEX origin_order_attempt_numero ON origin_order_attempt (numero_pedido) WHERE numero_pedido IS NOT NULL',
    )
    .execute(db);
  // In-doubt resolution asks "is this origin protocol already some order's?"; orders had no index on it.
  await sql
    .raw('CREATE INDEX orders_numero_pedido ON orders (numero_pedido) WHERE numero_pedido IS NOT NULL')
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX orders_numero_pedido').execute(db);
  await sql.raw('DROP TABLE origin_order_attempt').execute(db);
  await sql.raw('DROP TABLE catalog_sync').execute(db);
  await sql.raw('DROP TABLE catalog_office_fee').execute(db);
  await sql.raw('DROP TABLE catalog_uf_fee').execute(db);
  await sql.raw('DROP TABLE catalog_office').execute(db);
}
