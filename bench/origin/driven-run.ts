import { performance } from 'node:perf_hooks';
import { validateRequest } from '@regapi/contracts';
import {
  acceptOrder,
  ceilingSlot,
  DEFAULT_HOURLY_SEARCH_CEILING,
  newOrderInQueue,
  readFairBacklog,
  readyTimesOfNewOrders,
  TYPICAL_RUN_MS,
} from '@regapi/orders';
import type { OriginPortal } from '@regapi/origin';
import { sql } from 'kysely';
import type { Harness } from '../../services/origin-session/test/support/harness';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often the driver looks whether the queue drained while the runner works. */
const DRAIN_POLL_MS = 100;

export const SEARCH_BODY = Object.freeze({ cpf_cnpj: '529.982.247-25', uf: 'SE' });

/** One origin call as the wrapped portal saw it: wall times (ms, performance.now) and the driven clock at its start. */
export interface OriginCall {
  readonly method: string;
  readonly wallStart: number;
  readonly wallEnd: number;
  readonly clockAt: number;
}

/** How a scenario's origin takes its time; by default it answers instantly at the same driven instant. */
export interface OriginPace {
  /** The origin time (ms) the call of `method` takes: the driven clock moves by it during the call. */
  readonly durationOf: (method: string) => number;
  /** Wall milliseconds per origin millisecond spent in each call, so the service's own timers see time pass. */
  readonly wallPerOriginMs: number;
}

/**
 * Wraps every method of the portal to record its calls (the only change to what origin-session runs). While `gate()`
 * returns a promise, calls wait for it: a scenario's backlog is accepted at one instant, before the origin moves.
 * With a `pace`, each call moves the driven clock by the origin's time for it (and waits a scaled sliver of wall time).
 */
export function recordingPortal(
  calls: OriginCall[],
  clock: { readonly now: () => number; readonly set: (at: number) => void },
  gate: () => Promise<void> | undefined = () => undefined,
  pace?: OriginPace,
): (portal: OriginPortal) => OriginPortal {
  return (portal) =>
    new Proxy(portal, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await gate();
          const wallStart = performance.now();
          const clockAt = clock.now();
          try {
            const answer = (await Reflect.apply(value, target, args)) as unknown;
            if (pace !== undefined) {
              const originMs = pace.durationOf(String(property));
              await pause(originMs * pace.wallPerOriginMs);
              clock.set(clockAt + originMs);
            }
            return answer;
          } finally {
            calls.push({ method: String(property), wallStart, wallEnd: performance.now(), clockAt });
          }
        };
      },
    });
}

export interface AcceptedSearch {
  readonly id: string;
  readonly accountId: string;
  readonly acceptedAt: number;
  /** The start the acceptance predicted (what `consultar_daqui_s` is built from, minus the typical run). */
  readonly predictedStart: number;
}

/** Accepts one search as the gateway does: the queue read in one statement before the transaction, then the order. */
export async function acceptSearch(harness: Harness, accountId: string): Promise<AcceptedSearch> {
  const validated = validateRequest('pesquisa-previa-bens', SEARCH_BODY);
  if (!validated.ok) throw new Error(`invalid bench request: ${JSON.stringify(validated.errors)}`);
  const now = harness.clock.now();
  const { protocolo, queue } = await newOrderInQueue(harness.database.db, 'pesquisa-previa-bens', now);
  // What the gateway answers: the fair schedule's estimate when origin-session published one (decision 0089).
  const [readyAt = now] = await readyTimesOfNewOrders(
    harness.database.db,
    { accountId, fonte: 'pesquisa-previa-bens', count: 1, facts: queue },
    now,
  );
  // Less the run time the estimate added: the schedule's measured one when current (decision 0098), else the typical.
  const fair = await readFairBacklog(harness.database.db, accountId, now, DEFAULT_HOURLY_SEARCH_CEILING);
  const predicted = { startAt: new Date(readyAt.getTime() - (fair?.runMs ?? TYPICAL_RUN_MS)['pesquisa-previa-bens']) };
  const id = crypto.randomUUID();
  await harness.database.db.transaction().execute((trx) =>
    acceptOrder(trx, {
      id,
      protocolo,
      accountId,
      tokenId: null,
      fonte: 'pesquisa-previa-bens',
      request: validated.value,
      imovelChave: null,
      uf: SEARCH_BODY.uf,
      priceCentavos: 5_000,
      quote: { emolumentos: 5_000 },
      aceite: { code: 202 },
      requestId: crypto.randomUUID(),
      acceptedAt: now,
    }),
  );
  return { id, accountId, acceptedAt: now.getTime(), predictedStart: predicted.startAt.getTime() };
}

/**
 * Drives the clock until no order is queued or running: while work is ready (an order running, or queued with the
 * hourly ceiling open) the real pipeline runs it at wall speed; once everything left is held by the ceiling (the fair
 * runner keeps held searches `queued`, decision 0086), the clock jumps to the instant the ceiling reopens, so an hour of
 * origin time costs a few milliseconds. Returns the clock jumps made.
 */
export async function driveUntilDrained(harness: Harness, wallTimeoutMs: number): Promise<number> {
  const deadline = performance.now() + wallTimeoutMs;
  let jumps = 0;
  let quietPolls = 0;
  for (;;) {
    const now = harness.clock.now();
    const { rows } = await sql<{ running: number; queued: number; started: Date[] }>`
      SELECT (count(*) FILTER (WHERE state = 'running'))::int AS running,
             (count(*) FILTER (WHERE state = 'queued'))::int AS queued,
             (SELECT coalesce(array_agg(started_at ORDER BY started_at), '{}') FROM origin_order_attempt
               WHERE fonte = 'pesquisa-previa-bens' AND started_at > ${now}::timestamptz - interval '1 hour') AS started
      FROM orders`.execute(harness.database.db);
    const row = rows[0];
    if (row === undefined) throw new Error('no answer from the orders count');
    if (row.queued === 0 && row.running === 0) return jumps;
    if (performance.now() > deadline)
      throw new Error(
        `the queue did not drain in ${wallTimeoutMs} ms of wall time: ${JSON.stringify(row)} at ${now.toISOString()}`,
      );
    const opensAt = ceilingSlot(row.started, 0, now, DEFAULT_HOURLY_SEARCH_CEILING);
    if (row.running > 0 || opensAt <= now) {
      quietPolls = 0;
      // The driver shares the runner's event loop: a poll every few milliseconds would sit in the very gaps the
      // bench measures. Draining is seen a little later instead; the clock waits for it (decision 0178).
      await pause(DRAIN_POLL_MS);
      continue;
    }
    // Everything left waits for the ceiling: a second quiet look, then move the clock to its reopening and wait for
    // the runner to place the next search before looking again.
    if (++quietPolls < 2) {
      await pause(10);
      continue;
    }
    quietPolls = 0;
    const placed = await searchAttempts(harness);
    harness.clock.set(opensAt);
    jumps++;
    while ((await searchAttempts(harness)) === placed) {
      if (performance.now() > deadline) throw new Error('the runner placed nothing after the ceiling reopened');
      await pause(2);
    }
  }
}

async function searchAttempts(harness: Harness): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM origin_order_attempt WHERE fonte = 'pesquisa-previa-bens'`.execute(
    harness.database.db,
  );
  return rows[0]?.n ?? 0;
}

/** Where and how long each order of `orderIds` first ran at the origin, on the driven clock. */
export interface AttemptRuns {
  /** First attempt's start per order. */
  readonly starts: Map<string, number>;
  /** The first attempts' session times (answered − started; 0 unanswered), in the order they started. */
  readonly runs: number[];
}

/** Attempt starts per order, on the driven clock, and their run times, of the orders of `orderIds` only. */
export async function attemptRuns(harness: Harness, orderIds: ReadonlySet<string>): Promise<AttemptRuns> {
  const rows = await harness.database.db
    .selectFrom('origin_order_attempt')
    .select(['order_id', 'started_at', 'answered_at'])
    .where('fonte', '=', 'pesquisa-previa-bens')
    .orderBy('started_at')
    .execute();
  const starts = new Map<string, number>();
  const runs: number[] = [];
  for (const row of rows) {
    if (starts.has(row.order_id) || !orderIds.has(row.order_id)) continue;
    starts.set(row.order_id, row.started_at.getTime());
    runs.push(row.answered_at === null ? 0 : row.answered_at.getTime() - row.started_at.getTime());
  }
  return { starts, runs };
}

/** One published fair schedule as a poll reads it: when it was computed and each queued order's forecast start. */
export interface ForecastSnapshot {
  readonly computedAt: number;
  readonly starts: ReadonlyMap<string, number>;
}

/**
 * Reads every schedule origin-session publishes after at least `minAnswered` searches were answered (the run times are
 * measured, decision 0098: the queue is "stable"): a publish is told from the next by its row version (`xmin`; on the
 * driven clock several share one `computed_at`), and the one current when the threshold is first seen is skipped (it
 * may predate the answers). Each snapshot is read in one statement, so it is one publish's. Stop returns them.
 */
export function sampleForecasts(harness: Harness, minAnswered: number): { stop: () => Promise<ForecastSnapshot[]> } {
  const snapshots: ForecastSnapshot[] = [];
  let stopped = false;
  const loop = (async () => {
    let seen: string | undefined;
    while (!stopped) {
      await pause(20);
      const { rows } = await sql<{
        version: string;
        computed_at: Date;
        answered: number;
        order_id: string | null;
        start_at: Date | null;
      }>`
        SELECT fs.xmin::text AS version, fs.computed_at,
          (SELECT count(*)::int FROM origin_order_attempt a
           WHERE a.fonte = 'pesquisa-previa-bens' AND a.answered_at IS NOT NULL) AS answered,
          f.order_id, f.start_at
        FROM fair_schedule fs LEFT JOIN order_forecast f ON true`.execute(harness.database.db);
      const first = rows[0];
      if (first === undefined || first.answered < minAnswered || first.version === seen) continue;
      const skip = seen === undefined;
      seen = first.version;
      if (skip) continue;
      const starts = new Map<string, number>();
      for (const row of rows)
        if (row.order_id !== null && row.start_at !== null) starts.set(row.order_id, row.start_at.getTime());
      snapshots.push({ computedAt: first.computed_at.getTime(), starts });
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return snapshots;
    },
  };
}
