import { type Kysely, sql } from 'kysely';

/**
 * Orders (libs/orders): one row per accepted execution, moved through its states only by libs/orders.
 * - `protocolo` is digits only (contract 2.2), from a sequence: unique, never reused.
 * - `imovel_chave` identifies record + office for the 7-day order block (contract 3), any customer of the platform.
 * - `aceite` is the 202 body as answered at acceptance: replays and the nested `aceite` of contract 2.1 read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE order_protocolo_seq AS bigint START 1`.execute(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('protocolo', 'text', (c) => c.notNull().unique().check(sql`protocolo ~ '^[0-9]+$'`))
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('token_id', 'uuid')
    .addColumn('fonte', 'text', (c) =>
      c.notNull().check(sql`fonte IN ('pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor')`),
    )
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('imovel_chave', 'text')
    .addColumn('uf', 'text', (c) => c.notNull())
    .addColumn('price_centavos', 'bigint', (c) => c.notNull().check(sql`price_centavos >= 0`))
    .addColumn('quote', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state IN ('queued', 'running', 'awaiting_issue', 'archiving', 'finished')`),
    )
    .addColumn('code', 'integer')
    .addColumn('status_consulta', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('site_receipts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('numero_pedido', 'text')
    .addColumn('aceite', 'jsonb', (c) => c.notNull())
    .addColumn('request_id', 'uuid', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt_started_at', 'timestamptz')
    .addColumn('run_after', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    // A finished order has its code; an unfinished one has none.
    .addCheckConstraint('orders_finished_has_code', sql`(state = 'finished') = (code IS NOT NULL)`)
    .execute();
  await db.schema.createIndex('orders_account').on('orders').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createIndex('orders_imovel_chave')
    .on('orders')
    .columns(['imovel_chave', 'created_at'])
    .where(sql.ref('imovel_chave'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_unfinished')
    .on('orders')
    .columns(['state', 'created_at'])
    .where(sql.ref('state'), '<>', 'finished')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
  await sql`DROP SEQUENCE order_protocolo_seq`.execute(db);
}
