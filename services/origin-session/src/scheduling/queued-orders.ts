import { type Fonte, isFonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type FairTask, SEARCH_CEILING_WINDOW_MS, TYPICAL_RUN_MS } from '@regapi/orders';
import { type Kysely, sql } from 'kysely';

const SEARCH_FONTE: Fonte = 'pesquisa-previa-bens';

/** A queued order as the fair queue sees it (docs/decisions/0086): the `orders` rows are the queue. */
export interface QueuedOrder {
  readonly id: string;
  readonly protocolo: string;
  readonly accountId: string;
  readonly fonte: Fonte;
  /** Acceptance order (bigint as a decimal string): the FIFO within an account. */
  readonly acceptanceSeq: string;
  /** The account's plan weight (migration 0027); 1 for an order whose account has no row (tests' bare orders). */
  readonly weight: number;
  /** A watch run (`watch_id` set; decisions 0152, 0163): idle work, the fair queue's lowest level. */
  readonly idle: boolean;
}

/** The fair-queue task of a queued order: its expected session time is its product's typical run. */
export function orderTask(order: QueuedOrder): FairTask {
  return {
    id: order.id,
    account: order.accountId,
    costMs: TYPICAL_RUN_MS[order.fonte],
    search: order.fonte === SEARCH_FONTE,
    idle: order.idle,
  };
}

interface QueuedRow {
  readonly id: string;
  readonly protocolo: string;
  readonly account_id: string;
  readonly fonte: string;
  readonly acceptance_seq: string;
  readonly weight: number;
  readonly idle: boolean;
}

function toQueued(rows: readonly QueuedRow[]): QueuedOrder[] {
  const orders: QueuedOrder[] = [];
  for (const row of rows) {
    // A product this build does not know is not ours to schedule; runOrder would answer it as unreadable anyway.
    if (!isFonte(row.fonte)) continue;
    orders.push({
      id: row.id,
      protocolo: row.protocolo,
      accountId: row.account_id,
      fonte: row.fonte,
      acceptanceSeq: String(row.acceptance_seq),
      weight: row.weight,
      idle: row.idle,
    });
  }
  return orders;
}

/**
 * The queued orders accepted after `afterSeq` ('0': all of them), in acceptance order, each with its account's weight,
 * at most `limit` (the index `orders_queued_seq` serves it). The rebuild reads them in pages; the safety poll reads the
 * new ones.
 */
export async function queuedOrdersAfter(db: Kysely<Database>, afterSeq: string, limit: number): Promise<QueuedOrder[]> {
  const { rows } = await sql<QueuedRow>`
    SELECT o.id, o.protocolo, o.account_id, o.fonte, o.acceptance_seq, coalesce(p.scheduling_weight, 1) AS weight,
      o.watch_id IS NOT NULL AS idle
    FROM orders o
    LEFT JOIN account a ON a.id = o.account_id
    LEFT JOIN plan p ON p.id = a.plan_id
    WHERE o.state = 'queued' AND o.acceptance_seq > ${afterSeq}::bigint
    ORDER BY o.acceptance_seq
    LIMIT ${limit}
  `.execute(db);
  return toQueued(rows);
}

/** Those of `orderIds` still queued, each with its weight, in acceptance order: one statement however many. */
export async function queuedOrdersWithIds(db: Kysely<Database>, orderIds: readonly string[]): Promise<QueuedOrder[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await sql<QueuedRow>`
    SELECT o.id, o.protocolo, o.account_id, o.fonte, o.acceptance_seq, coalesce(p.scheduling_weight, 1) AS weight,
      o.watch_id IS NOT NULL AS idle
    FROM orders o
    LEFT JOIN account a ON a.id = o.account_id
    LEFT JOIN plan p ON p.id = a.plan_id
    WHERE o.id = ANY(${[...orderIds]}::uuid[]) AND o.state = 'queued'
    ORDER BY o.acceptance_seq
  `.execute(db);
  return toQueued(rows);
}

/** One queued order with its weight, for a wake-up message; undefined when it is no longer queued. */
export async function queuedOrder(db: Kysely<Database>, orderId: string): Promise<QueuedOrder | undefined> {
  return (await queuedOrdersWithIds(db, [orderId]))[0];
}

/** Every queued order id: the periodic full comparison drops what left the queue without the runner. */
export async function queuedOrderIds(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('orders').select('id').where('state', '=', 'queued').execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Orders `running` with no run scheduled: their attempt started and nobody will come back to them (the process that
 * ran them stopped or died). They are in doubt and go before any fair choice (architecture rule 1). An order
 * whose in-doubt wait scheduled a run is left to that message.
 */
export async function abandonedRunningOrders(
  db: Kysely<Database>,
): Promise<{ readonly id: string; readonly protocolo: string; readonly fonte: string }[]> {
  const { rows } = await sql<{ id: string; protocolo: string; fonte: string }>`
    SELECT o.id, o.protocolo, o.fonte FROM orders o
    WHERE o.state = 'running'
      AND NOT EXISTS (SELECT 1 FROM scheduled_message s WHERE s.dedupe_key = 'run-order:' || o.id::text)
    ORDER BY o.attempt_started_at NULLS FIRST, o.acceptance_seq
  `.execute(db);
  return rows;
}

/** Start times (epoch ms) of the searches placed in the hour before `now`: the ceiling's truth (contract 8). */
export async function searchStartsOfLastHour(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('origin_order_attempt')
    .select('started_at')
    .where('fonte', '=', SEARCH_FONTE)
    .where('started_at', '>', new Date(now.getTime() - SEARCH_CEILING_WINDOW_MS))
    .orderBy('started_at')
    .execute();
  return rows.map((row) => row.started_at.getTime());
}
