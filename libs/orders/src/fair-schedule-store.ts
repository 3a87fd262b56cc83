import { FONTES, type Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type AccountBacklog, type FairBacklog, fairStartEstimate } from './fair-estimate';
import { freshAfter, SEARCH } from './queue-facts';
import { type RunTimes, runTimesFromJson } from './run-times';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The fair schedule origin-session publishes (docs/decisions/0089): each queued order's forecast start, and the backlog
 * summary a new order's estimate needs. Published about once a second while the queue changes, and at least every few
 * seconds while it leads, so a reader knows the schedule is current by `fair_schedule.computed_at`.
 */
export interface FairSchedule {
  readonly computedAt: Date;
  /** Highest acceptance_seq (bigint as a decimal string) among the queued orders counted in `backlog`; '0' if none. */
  readonly coveredSeq: string;
  /** Forecast start (epoch ms) of each queued customer order, by order id. */
  readonly starts: ReadonlyMap<string, number>;
  readonly backlog: Pick<FairBacklog, 'accounts' | 'internalWorkMs' | 'internalShare'>;
  /** The run time per product the forecast and the backlog's work were computed with (decision 0098). */
  readonly runMs: RunTimes;
  /**
   * What the caller knows the schedule to be a function of (its queue's version, the run times, the forecast's
   * anchor): the same version as the last one this publisher committed means nothing moved, and the publish only
   * stamps `computed_at` (docs/decisions/0159). Undefined: always compared.
   */
  readonly version?: string;
}

export interface FairSchedulePublisher {
  /**
   * Writes the summary row and the forecasts that are new or moved by more than the threshold; deletes those of orders
   * no longer in `starts`. The first publish of a publisher (a new leader, a restart) compares with the forecasts
   * already in the table, read once, so it too writes only what moved (docs/decisions/0151).
   */
  publish(schedule: FairSchedule): Promise<void>;
  /**
   * The version of the last schedule this publisher committed, if it had one: a caller holding the same version can
   * skip computing the schedule and call `refresh`.
   */
  publishedVersion(): string | undefined;
  /**
   * Nothing moved since the last publish: its schedule is stamped current at `computedAt`, one statement, whatever
   * the queue length (the summary is written whole again if its row is gone). Before any publish, nothing to do.
   */
  refresh(computedAt: Date): Promise<void>;
}

const ROWS_PER_STATEMENT = 10_000;

export function createFairSchedulePublisher(
  db: Kysely<Database>,
  options: { readonly minShiftMs?: number } = {},
): FairSchedulePublisher {
  const minShiftMs = options.minShiftMs ?? 5_000;
  /** The forecasts in the table as this publisher last wrote them (or read them): id → start, epoch ms. */
  let written: Map<string, number> | undefined;
  /** The last schedule committed (its forecasts are `written`). */
  let last: FairSchedule | undefined;
  const refresh = async (computedAt: Date): Promise<void> => {
    if (last === undefined) return;
    const stamped = { ...last, computedAt };
    const { numAffectedRows } = await sql`
      UPDATE fair_schedule SET computed_at = ${computedAt} WHERE singleton
    `.execute(db);
    if (numAffectedRows === 0n) await db.transaction().execute((trx) => writeSummary(trx, stamped));
    last = stamped;
  };
  return {
    publishedVersion: () => last?.version,
    refresh,
    async publish(schedule) {
      if (schedule.version !== undefined && last !== undefined && schedule.version === last.version) {
        await refresh(schedule.computedAt);
        return;
      }
      const known = written ?? (await readWrittenForecasts(db));
      const upserts: [string, number][] = [];
      let added = 0;
      for (const [id, start] of schedule.starts) {
        const before = known.get(id);
        if (before === undefined) added++;
        if (before === undefined || Math.abs(before - start) > minShiftMs) upserts.push([id, start]);
      }
      // Some forecast written is of an order no longer scheduled only if the table holds more than the schedule's own.
      const gone: string[] = [];
      if (known.size + added > schedule.starts.size) {
        for (const id of known.keys()) if (!schedule.starts.has(id)) gone.push(id);
      }
      await db.transaction().execute(async (trx) => {
        await writeSummary(trx, schedule);
        for (let i = 0; i < gone.length; i += ROWS_PER_STATEMENT) {
          const ids = gone.slice(i, i + ROWS_PER_STATEMENT);
          await sql`DELETE FROM order_forecast WHERE order_id = ANY(${ids}::uuid[])`.execute(trx);
        }
        for (let i = 0; i < upserts.length; i += ROWS_PER_STATEMENT) {
          const rows = upserts.slice(i, i + ROWS_PER_STATEMENT);
          const ids = rows.map(([id]) => id);
          const starts = rows.map(([, start]) => new Date(start).toISOString());
          // Only orders still in the table: a forecast never outlives its order's row (the foreign key).
          await sql`
            INSERT INTO order_forecast (order_id, start_at, computed_at)
            SELECT f.order_id, f.start_at, ${schedule.computedAt}
            FROM unnest(${ids}::uuid[], ${starts}::timestamptz[]) AS f (order_id, start_at)
            WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = f.order_id)
            ON CONFLICT (order_id) DO UPDATE SET start_at = excluded.start_at, computed_at = excluded.computed_at
          `.execute(trx);
        }
      });
      // Committed: the map follows the table (in place, no copy of every forecast per publish).
      for (const id of gone) known.delete(id);
      for (const [id, start] of upserts) known.set(id, start);
      written = known;
      // Kept for `refresh` without its forecasts (they are `written`).
      last = { ...schedule, starts: new Map() };
    },
  };
}

/** The forecasts in the table (an earlier leader's, or none), id → start in epoch ms: one statement. */
async function readWrittenForecasts(db: Kysely<Database>): Promise<Map<string, number>> {
  const { rows } = await sql<{ order_id: string; at: number }>`
    SELECT order_id, (extract(epoch FROM start_at) * 1000)::float8 AS at FROM order_forecast
  `.execute(db);
  return new Map(rows.map((row) => [row.order_id, row.at]));
}

async function writeSummary(trx: Transaction<Database>, schedule: FairSchedule): Promise<void> {
  const accounts = [...schedule.backlog.accounts].map(([account, backlog]) => ({
    account,
    weight: backlog.weight,
    work_ms: Math.round(backlog.workMs),
    searches: backlog.searches,
  }));
  await sql`
    INSERT INTO fair_schedule (singleton, computed_at, covered_seq, internal_work_ms, internal_share, accounts, run_ms)
    VALUES (true, ${schedule.computedAt}, ${schedule.coveredSeq}::bigint, ${Math.round(schedule.backlog.internalWorkMs)},
            ${schedule.backlog.internalShare}, ${JSON.stringify(accounts)}::jsonb, ${JSON.stringify(schedule.runMs)}::jsonb)
    ON CONFLICT (singleton) DO UPDATE SET computed_at = excluded.computed_at, covered_seq = excluded.covered_seq,
      internal_work_ms = excluded.internal_work_ms, internal_share = excluded.internal_share,
      accounts = excluded.accounts, run_ms = excluded.run_ms
  `.execute(trx);
}

interface BacklogRow {
  readonly computed_at: Date;
  readonly internal_work_ms: string;
  readonly internal_share: number;
  readonly accounts: unknown;
  readonly run_ms: unknown;
  readonly newer: unknown;
  readonly searches_started: readonly Date[];
  readonly own_weight: number | null;
}

/** What a new order's estimate reads: the backlog as published plus what was accepted since, and its own weight. */
export interface FairBacklogRead {
  readonly backlog: FairBacklog;
  readonly ownWeight: number;
  /** The run times the schedule was computed with: a new order's estimate adds the same (decision 0098). */
  readonly runMs: RunTimes;
}

/**
 * The fair backlog a new order of `accountId` joins, in ONE statement whatever the queue length: the published summary,
 * plus the queued orders accepted after it (`orders_queued_seq`; watch runs, idle work, never count ahead of an
 * order: decision 0163), plus the searches of the last hour. Undefined when no schedule newer than
 * FAIR_SCHEDULE_FRESH_MS exists (the caller falls back to the FIFO facts).
 */
export async function readFairBacklog(
  db: Db,
  accountId: string | undefined,
  now: Date,
  hourlySearchCeiling: number,
): Promise<FairBacklogRead | undefined> {
  const countsByFonte = sql.join(
    FONTES.map((fonte) => sql`${fonte}::text, count(*) FILTER (WHERE o.fonte = ${fonte})`),
  );
  const { rows } = await sql<BacklogRow>`
    SELECT fs.computed_at, fs.internal_work_ms, fs.internal_share, fs.accounts, fs.run_ms,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('account', n.account_id, 'weight', n.weight,
                'counts', n.counts)), '[]'::jsonb)
       FROM (SELECT o.account_id, coalesce(max(p.scheduling_weight), 1) AS weight,
                    jsonb_build_object(${countsByFonte}) AS counts
             FROM orders o
             LEFT JOIN account a ON a.id = o.account_id
             LEFT JOIN plan p ON p.id = a.plan_id
             WHERE o.state = 'queued' AND o.watch_id IS NULL
               AND o.acceptance_seq > (SELECT s.covered_seq FROM fair_schedule s WHERE s.singleton)
             GROUP BY o.account_id) AS n) AS newer,
      (SELECT coalesce(array_agg(attempt.started_at ORDER BY attempt.started_at), '{}') FROM origin_order_attempt attempt
       WHERE attempt.fonte = ${SEARCH} AND attempt.started_at > ${now}::timestamptz - interval '1 hour') AS searches_started,
      (SELECT p.scheduling_weight FROM account a JOIN plan p ON p.id = a.plan_id
       WHERE a.id = ${accountId ?? null}::uuid) AS own_weight
    FROM fair_schedule fs
    WHERE fs.computed_at > ${freshAfter(now)}
  `.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  const runMs = runTimesFromJson(row.run_ms);
  const accounts = new Map<string, AccountBacklog>();
  for (const entry of [...accountEntries(row.accounts), ...newerEntries(row.newer, runMs)]) {
    const known = accounts.get(entry.account);
    accounts.set(entry.account, {
      weight: entry.weight,
      workMs: (known?.workMs ?? 0) + entry.workMs,
      searches: (known?.searches ?? 0) + entry.searches,
    });
  }
  return {
    backlog: {
      accounts,
      internalWorkMs: Number(row.internal_work_ms),
      internalShare: row.internal_share,
      searchesStarted: row.searches_started.map((at) => at.getTime()),
      hourlySearchCeiling,
    },
    ownWeight: row.own_weight ?? 1,
    runMs,
  };
}

interface AccountEntry {
  readonly account: string;
  readonly weight: number;
  readonly workMs: number;
  readonly searches: number;
}

/** The JSON array of the published summary, validated (it comes from another process). */
function accountEntries(value: unknown): AccountEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: AccountEntry[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const account: unknown = Reflect.get(item, 'account');
    const weight = Number(Reflect.get(item, 'weight'));
    const workMs = Number(Reflect.get(item, 'work_ms'));
    const searches = Number(Reflect.get(item, 'searches'));
    if (typeof account !== 'string' || !(weight > 0) || !(workMs >= 0) || !(searches >= 0)) continue;
    entries.push({ account, weight, workMs, searches });
  }
  return entries;
}

/** The orders accepted after the summary, counted per account and product: their work at the schedule's run times. */
function newerEntries(value: unknown, runMs: RunTimes): AccountEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: AccountEntry[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const account: unknown = Reflect.get(item, 'account');
    const weight = Number(Reflect.get(item, 'weight'));
    const counts: unknown = Reflect.get(item, 'counts');
    if (typeof account !== 'string' || !(weight > 0) || typeof counts !== 'object' || counts === null) continue;
    const countOf = (fonte: Fonte): number => {
      const count = Number(Reflect.get(counts, fonte));
      return Number.isFinite(count) && count > 0 ? count : 0;
    };
    const workMs = FONTES.reduce((sum, fonte) => sum + countOf(fonte) * runMs[fonte], 0);
    entries.push({ account, weight, workMs, searches: countOf(SEARCH) });
  }
  return entries;
}

/**
 * When each of a new order's items (one for a single order, several for a batch, in order) is expected to be ready
 * under the fair schedule: its start by `fairStartEstimate`, the account's own work growing by each item before it,
 * then its run (at the schedule's run times).
 */
export function fairReadyTimes(read: FairBacklogRead, accountId: string, fontes: readonly Fonte[], now: Date): Date[] {
  const accounts = new Map(read.backlog.accounts);
  const times: Date[] = [];
  for (const fonte of fontes) {
    const search = fonte === SEARCH;
    const start = fairStartEstimate(
      { ...read.backlog, accounts },
      { account: accountId, weight: read.ownWeight, search },
      now.getTime(),
    );
    times.push(new Date(start + read.runMs[fonte]));
    const own = accounts.get(accountId);
    accounts.set(accountId, {
      weight: read.ownWeight,
      workMs: (own?.workMs ?? 0) + read.runMs[fonte],
      searches: (own?.searches ?? 0) + (search ? 1 : 0),
    });
  }
  return times;
}
