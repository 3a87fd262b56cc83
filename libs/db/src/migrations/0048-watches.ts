import { type Kysely, sql } from 'kysely';

/**
 * Property monitoring (issue 30; docs/decisions/0152, 0160, 0161):
 * - `watch`: what an account watches — a person (`pessoa`: the preliminary search's body, one UF or nationwide) or a
 *   record (`matricula`: the record view's body) — `request` exactly as the product's execution body carries it, so a
 *   run re-validates and places it as any execution. A record watch is at most weekly: the 7-day repeat block would
 *   refuse a daily run. `next_run_at` is the next planned run while active and only then (a paused or removed watch
 *   plans nothing). A removed watch keeps its row and its runs: the history is the customer's evidence.
 *   `seq` is the list's keyset (newest first), as `orders.acceptance_seq` is the order list's.
 * - `watch_run`: one planned run and what came of it; UNIQUE (watch_id, planned_at), so a replayed tick writes one
 *   row. `em_andamento` is a run placed as an order whose result is not compared yet (decision 0161). A nationwide
 *   person watch places a batch (one order per UF): `batch_id` names it, `order_id` its first order (decision 0164).
 * - `orders.watch_id`: the watch an order is a run of; `GET /v1/consultas?monitoramento=` reads it within one account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE watch (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      account_id uuid NOT NULL REFERENCES account (id),
      kind text NOT NULL CHECK (kind IN ('pessoa', 'matricula')),
      request jsonb NOT NULL,
      frequencia text NOT NULL CHECK (frequencia IN ('diaria', 'semanal', 'mensal')),
      estado text NOT NULL CHECK (estado IN ('ativo', 'pausado', 'removido')),
      referencia text,
      next_run_at timestamptz,
      created_at timestamptz NOT NULL,
      paused_at timestamptz,
      removed_at timestamptz,
      CONSTRAINT watch_matricula_not_daily CHECK (kind <> 'matricula' OR frequencia <> 'diaria'),
      CONSTRAINT watch_planned_when_active CHECK ((estado = 'ativo') = (next_run_at IS NOT NULL)),
      CONSTRAINT watch_paused_at_when_paused CHECK ((estado = 'pausado') = (paused_at IS NOT NULL)),
      CONSTRAINT watch_removed_at_when_removed CHECK ((estado = 'removido') = (removed_at IS NOT NULL))
    )`.execute(db);
  // The account's list, newest first, by keyset; the runner's tick finds the due active watches.
  await sql`CREATE INDEX watch_account_seq ON watch (account_id, seq DESC)`.execute(db);
  await sql`CREATE INDEX watch_due ON watch (next_run_at) WHERE estado = 'ativo'`.execute(db);
  await sql`
    CREATE TABLE watch_run (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      watch_id uuid NOT NULL REFERENCES watch (id),
      planned_at timestamptz NOT NULL,
      order_id uuid REFERENCES orders (id),
      batch_id uuid REFERENCES order_batch (id),
      outcome text NOT NULL CHECK (outcome IN ('em_andamento', 'primeira', 'sem_alteracao', 'alteracao', 'atrasada',
        'falhou', 'nao_executada_saldo', 'adiada_por_bloqueio')),
      diff jsonb,
      reason text,
      created_at timestamptz NOT NULL,
      CONSTRAINT watch_run_once UNIQUE (watch_id, planned_at)
    )`.execute(db);
  // The history reads a watch's runs newest first through the unique index (watch_id, planned_at), backwards.
  await sql`CREATE INDEX watch_run_order ON watch_run (order_id) WHERE order_id IS NOT NULL`.execute(db);
  // The runs placed and not compared yet, which the comparison pass reads (decision 0164).
  await sql`CREATE INDEX watch_run_in_progress ON watch_run (created_at) WHERE outcome = 'em_andamento'`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN watch_id uuid REFERENCES watch (id)`.execute(db);
  // The order list's `monitoramento=` filter, in the list's keyset order (as orders_account_acceptance serves).
  await sql`CREATE INDEX orders_account_watch ON orders (account_id, watch_id, acceptance_seq DESC)
    WHERE watch_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_account_watch`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN watch_id`.execute(db);
  await sql`DROP TABLE watch_run`.execute(db);
  await sql`DROP TABLE watch`.execute(db);
}
