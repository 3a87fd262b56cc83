import { FONTES, type Fonte } from '@regapi/contracts';
import { compiledStatement, type Database } from '@regapi/db';
import { type Kysely, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import { type Order, POLLED_COLUMNS, type PolledOrder, toPolledOrder } from './order';
import { NEW_PROTOCOLO_COLUMNS, type NewProtocoloRow, protocoloOfRow } from './order-queries';
import { type RunTimes, runTimesFromJson } from './run-times';

/** A published schedule older than this is not believed: origin-session is down or stepped down (decision 0089). */
export const FAIR_SCHEDULE_FRESH_MS = 30_000;

/** SQL for the instant after which a published schedule is current (every reader of the schedule uses it). */
export function freshAfter(now: Date): RawBuilder<unknown> {
  return sql`${now}::timestamptz - ${sql.lit(FAIR_SCHEDULE_FRESH_MS)} * interval '1 millisecond'`;
}

type Db = Kysely<Database> | Transaction<Database>;

export const SEARCH: Fonte = 'pesquisa-previa-bens';

/**
 * What a start estimate needs to know about the queue around one position, read in ONE statement whatever the queue
 * length (aggregates, not rows): a poll or an acceptance pays one round trip for it.
 */
export interface QueueFacts {
  /** Orders occupying the origin before this one, per product: running, or queued ahead and not deferred. */
  readonly working: ReadonlyMap<Fonte, number>;
  /** Searches queued ahead of it, deferred ones included: they keep their turn under the ceiling. */
  readonly searchesAhead: number;
  /**
   * Start times of the searches placed at the origin in the hour before `now`, oldest first, from
   * `origin_order_attempt` (written by origin-session before each call, so every replica counts the same). Read only
   * for a search: empty for the other products.
   */
  readonly searchesStarted: readonly Date[];
}

/**
 * Where an order stands in the queue: an order already stored, ordered by acceptance, or `'last'` for one being
 * accepted right now (its answer needs the estimate before the row exists): everything queued is ahead of it.
 */
export type QueuePosition = Pick<Order, 'id' | 'createdAt' | 'acceptanceSeq'> | 'last';

interface QueueFactsRow {
  readonly working: readonly number[];
  readonly searches_ahead: number;
  readonly searches_started: readonly Date[];
}

/**
 * The two lateral aggregates every facts statement ends with. `ahead` says which queued or running orders (alias
 * `ahead`) come before the position; `applies` and `forSearch` switch the reads off when they are not needed (a poll
 * of an order no longer queued), so PostgreSQL skips them as one-time filters.
 */
function factsJoins(parts: {
  readonly ahead: RawBuilder<boolean>;
  readonly applies: RawBuilder<boolean>;
  readonly forSearch: RawBuilder<boolean>;
  readonly now: Date;
}): RawBuilder<unknown> {
  const { now } = parts;
  // A deferred order ahead waits for its own slot and does not occupy the queue meanwhile.
  const working = sql`(ahead.state = 'running' OR ahead.run_after IS NULL OR ahead.run_after <= ${now})`;
  const perProduct = FONTES.map((fonte) => sql`(count(*) FILTER (WHERE ahead.fonte = ${fonte} AND ${working}))::int`);
  return sql`
    CROSS JOIN LATERAL (
      SELECT ARRAY[${sql.join(perProduct)}] AS working,
        (count(*) FILTER (WHERE ahead.fonte = ${SEARCH} AND ahead.state = 'queued'))::int AS searches_ahead
      FROM orders ahead
      WHERE ${parts.applies} AND ahead.state IN ('queued', 'running') AND ${parts.ahead}
    ) AS queue
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(attempt.started_at ORDER BY attempt.started_at), '{}') AS searches_started
      FROM origin_order_attempt attempt
      WHERE ${parts.forSearch} AND attempt.fonte = ${SEARCH}
        AND attempt.started_at > ${now}::timestamptz - interval '1 hour'
    ) AS started`;
}

/**
 * Orders before a position: running ones, and queued ones accepted earlier (`acceptance_seq`, in the order the rows
 * were written, breaks a tie of the same millisecond; protocolos carry no order since decision 0050). The position is
 * given as SQL: a stored order's values, or the columns of the polled row.
 */
function aheadOf(position: {
  readonly id: RawBuilder<unknown>;
  readonly createdAt: RawBuilder<unknown>;
  readonly acceptanceSeq: RawBuilder<unknown>;
}): RawBuilder<boolean> {
  return sql<boolean>`(ahead.state = 'running' OR (ahead.id <> ${position.id}
    AND (ahead.created_at, ahead.acceptance_seq) < (${position.createdAt}, ${position.acceptanceSeq})))`;
}

/**
 * The facts statement at a position known before the statement runs (a stored order's, or `'last'`), with `leading`
 * columns before the facts.
 */
function factsStatement<Row>(
  fonte: string,
  position: QueuePosition,
  now: Date,
  leading: RawBuilder<unknown>,
  applies: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<Row & QueueFactsRow> {
  const ahead =
    position === 'last'
      ? sql<boolean>`true`
      : aheadOf({
          id: sql`${position.id}`,
          createdAt: sql`${position.createdAt}`,
          acceptanceSeq: sql`${position.acceptanceSeq}`,
        });
  return sql<Row & QueueFactsRow>`
    SELECT ${leading} queue.working, queue.searches_ahead, started.searches_started
    FROM (SELECT 1) AS position
    ${factsJoins({ ahead, applies, forSearch: sql<boolean>`(${applies} AND ${fonte === SEARCH})`, now })}
  `;
}

function toFacts(row: QueueFactsRow): QueueFacts {
  const working = new Map<Fonte, number>();
  FONTES.forEach((fonte, index) => {
    working.set(fonte, row.working[index] ?? 0);
  });
  return { working, searchesAhead: row.searches_ahead, searchesStarted: row.searches_started };
}

/** The queue facts for an order of `fonte` at `position`, in one statement. */
export async function readQueueFacts(db: Db, fonte: string, position: QueuePosition, now: Date): Promise<QueueFacts> {
  const { rows } = await factsStatement(fonte, position, now, sql``).execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('the queue facts statement returned no row');
  return toFacts(row);
}

/** A new order's protocolo and the queue it joins (everything queued is ahead of it). */
export interface NewOrderInQueue {
  readonly protocolo: string;
  readonly queue: QueueFacts;
}

/**
 * The protocolo of an order about to be accepted and the queue it will join, in ONE statement, read before the
 * acceptance transaction so its answer can be written whole when the key is claimed (docs/decisions/0042). A
 * protocolo taken for an acceptance that is then refused stays unused: protocolos are unique (decision 0050).
 */
export async function newOrderInQueue(db: Db, fonte: string, now: Date): Promise<NewOrderInQueue> {
  // With a current fair schedule the estimate comes from it (decision 0089): the FIFO facts are not read.
  const noFairSchedule = sql<boolean>`NOT EXISTS (SELECT 1 FROM fair_schedule fs WHERE fs.computed_at > ${freshAfter(now)})`;
  const { rows } = await factsStatement<NewProtocoloRow>(
    fonte,
    'last',
    now,
    NEW_PROTOCOLO_COLUMNS,
    noFairSchedule,
  ).execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('the new order statement returned no row');
  return { protocolo: protocoloOfRow(row), queue: toFacts(row) };
}

/** The queue a new order would join, with the caller's own columns read in the same statement. */
export interface QueueTail<Row> {
  readonly row: Row;
  /** The facts at the end of the queue, the search's hour of attempts included: they serve every product. */
  readonly queue: QueueFacts;
}

/**
 * The queue a new order of ANY product would join now (everything queued is ahead of it), with `leading` columns
 * (`expr AS name,` each, trailing comma included) in the same statement: the pipeline snapshot's one round trip
 * (docs/decisions/0064). The facts are read for a search, so `startFromFacts` answers every product from them.
 * Allocates no protocolo, unlike `newOrderInQueue`.
 */
export async function queueTail<Row>(db: Db, now: Date, leading: RawBuilder<unknown>): Promise<QueueTail<Row>> {
  const { rows } = await factsStatement<Row>(SEARCH, 'last', now, leading).execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('the queue tail statement returned no row');
  return { row, queue: toFacts(row) };
}

/** A polled order with the queue facts at its own position (zero and empty unless it is queued). */
export interface OrderInQueue {
  readonly order: PolledOrder;
  /** The FIFO facts, read only when no current fair schedule covers the order (empty then otherwise). */
  readonly queue: QueueFacts;
  /** Its start in origin-session's current fair schedule (docs/decisions/0089), when one covers it. */
  readonly forecastStartAt: Date | undefined;
  /** The run times of the current fair schedule (decision 0098); undefined when none is current. */
  readonly runMs: RunTimes | undefined;
}

type PolledRow = Pick<Selectable<Database['orders']>, (typeof POLLED_COLUMNS)[number]> &
  QueueFactsRow & { readonly forecast_start_at: Date | null; readonly schedule_run_ms: unknown };

// Compiled once: a poll is the most frequent statement there is (docs/decisions/0045).
const pollStatement = compiledStatement(3, (protocolo: string, accountId: string, now: Date) => {
  const ahead = aheadOf({
    id: sql.ref('polled.id'),
    createdAt: sql.ref('polled.created_at'),
    acceptanceSeq: sql.ref('polled.acceptance_seq'),
  });
  const columns = sql.join(POLLED_COLUMNS.map((column) => sql.ref(`polled.${column}`)));
  // A queued order in a current fair schedule reads its forecast (one row); only without one are the FIFO facts read.
  const fresh = freshAfter(now);
  const fifo = sql<boolean>`(polled.state = 'queued' AND forecast.start_at IS NULL)`;
  return sql<PolledRow>`
    SELECT ${columns}, queue.working, queue.searches_ahead, started.searches_started,
      forecast.start_at AS forecast_start_at,
      (SELECT fs.run_ms FROM fair_schedule fs WHERE fs.computed_at > ${fresh}) AS schedule_run_ms
    FROM orders polled
    LEFT JOIN order_forecast forecast ON forecast.order_id = polled.id AND polled.state = 'queued'
      AND EXISTS (SELECT 1 FROM fair_schedule fs WHERE fs.computed_at > ${fresh})
    ${factsJoins({
      ahead,
      applies: fifo,
      forSearch: sql<boolean>`(${fifo} AND polled.fonte = ${SEARCH})`,
      now,
    })}
    WHERE polled.protocolo = ${protocolo} AND polled.account_id = ${accountId}
  `;
});

/**
 * The order of `protocolo` as seen by `accountId` (another account's is `undefined`, like a nonexistent one: contract 5.6),
 * with the queue ahead of it, in ONE statement: what a poll reads.
 */
export async function getOrderInQueue(
  db: Db,
  protocolo: string,
  accountId: string,
  now: Date,
): Promise<OrderInQueue | undefined> {
  const row = (await pollStatement.execute(db, protocolo, accountId, now))[0];
  if (row === undefined) return undefined;
  return {
    order: toPolledOrder(row),
    queue: toFacts(row),
    forecastStartAt: row.forecast_start_at ?? undefined,
    runMs: row.schedule_run_ms === null ? undefined : runTimesFromJson(row.schedule_run_ms),
  };
}
