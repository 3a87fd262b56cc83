import { FONTES, type Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Typical time of one run at the origin, for honest waiting estimates (contract 4 execution rule 7, contract 8): 72 s is the
 * contract 8's p50 of the search; the other two are marked "not measured" there, so these are our planning figures
 * (docs/decisions/0021). The fair schedule replaces them with measured figures once enough runs were answered
 * (`readMeasuredRunTimes`, docs/decisions/0098) and keeps the last measured ones across restarts (decision 0150); the
 * FIFO estimate and a first start, before anything was ever measured, use them.
 */
export const TYPICAL_RUN_MS: Readonly<Record<Fonte, number>> = Object.freeze({
  'pesquisa-previa-bens': 72_000,
  'visualizacao-matricula': 60_000,
  'certidao-inteiro-teor': 10_000,
});

/** Expected session time (ms) of one run, per product: what the fair schedule and every ETA add per order. */
export type RunTimes = Readonly<Record<Fonte, number>>;

/**
 * SANDBOX_TIME_SCALE, the one variable of the sandbox's clock (docs/decisions/0136): its simulator's latencies and
 * terms, its origin-session's in-doubt wait and typical run times, its archive's retries and link lifetime and every
 * wait the gateway tells a `teste` token are scaled by it. 0.005: a 72 s search in 0.36 s, a 4 h term in 72 s.
 */
export const SANDBOX_TIME_SCALE_SETTING = Object.freeze({ min: 0.0001, max: 1, default: 0.005 });

/** Whether `timeScale` is a clock a setting may take: finite, above 0, at most 1 (never slower than the origin). */
export function isTimeScale(timeScale: number): boolean {
  return Number.isFinite(timeScale) && timeScale > 0 && timeScale <= 1;
}

/**
 * `ms` of the real origin on the clock of an origin that runs `timeScale` times as long (docs/decisions/0136): 1 is
 * production, unchanged; the sandbox's simulator runs at SANDBOX_TIME_SCALE, and so every wait it is told about.
 * A positive `ms` stays at least 1 ms: a forecast never has a run of zero length.
 */
export function scaledMs(ms: number, timeScale = 1): number {
  return timeScale === 1 || ms <= 0 ? ms : Math.max(1, Math.round(ms * timeScale));
}

/** TYPICAL_RUN_MS on the clock of an origin of `timeScale` (decision 0136); the figures themselves at 1. */
export function typicalRunTimes(timeScale = 1): RunTimes {
  return timeScale === 1 ? TYPICAL_RUN_MS : runTimesOf((fonte) => scaledMs(TYPICAL_RUN_MS[fonte], timeScale));
}

/** Recent answered attempts a product's figure is measured from (docs/decisions/0098). */
export const RUN_TIME_SAMPLES = 50;
/** Fewer answered attempts than this in the window: the typical figure stands. */
export const RUN_TIME_MIN_SAMPLES = 5;
const WINDOW_MS = 24 * 3_600_000;
/** Share of the samples dropped at each end before the mean: one stuck call must not move every ETA. */
const TRIM = 0.1;

/**
 * The mean of the middle of `durations` (10 % dropped at each end). The mean, not the median: an ETA adds one run
 * time per order ahead, and a sum of k runs is expected to take k times the mean.
 */
export function trimmedMean(durations: readonly number[]): number {
  const sorted = [...durations].sort((a, b) => a - b);
  const drop = Math.floor(sorted.length * TRIM);
  const kept = sorted.slice(drop, sorted.length - drop);
  return kept.reduce((sum, ms) => sum + ms, 0) / kept.length;
}

/**
 * Per product, the trimmed mean of the session time (`answered_at - started_at`) of its last RUN_TIME_SAMPLES answered
 * origin attempts of the last 24 hours. A product with fewer than RUN_TIME_MIN_SAMPLES of them keeps its last known
 * figure: the one the last published schedule carried (`fair_schedule.run_ms`, which outlives a restart and a quiet
 * day; docs/decisions/0150), else TYPICAL_RUN_MS on the origin's clock (`timeScale`: decision 0136; nothing was ever
 * measured). One statement over the `(fonte, started_at)` index. At least 1 ms: a forecast never has a run of zero
 * length.
 */
export async function readMeasuredRunTimes(db: Db, now: Date, timeScale = 1): Promise<RunTimes> {
  const typical = typicalRunTimes(timeScale);
  const { rows } = await sql<{ fonte: string; ms: number | null; last_known: unknown }>`
    SELECT f.fonte, d.ms,
      (SELECT fs.run_ms -> f.fonte FROM fair_schedule fs WHERE fs.singleton) AS last_known
    FROM unnest(${[...FONTES]}::text[]) AS f (fonte)
    LEFT JOIN LATERAL (
      SELECT extract(epoch FROM a.answered_at - a.started_at) * 1000 AS ms
      FROM origin_order_attempt a
      WHERE a.fonte = f.fonte AND a.answered_at IS NOT NULL
        AND a.started_at > ${now}::timestamptz - make_interval(secs => ${WINDOW_MS / 1000})
      ORDER BY a.started_at DESC
      LIMIT ${RUN_TIME_SAMPLES}
    ) AS d ON true
  `.execute(db);
  const samples = new Map<Fonte, number[]>();
  const lastKnown: Record<string, unknown> = {};
  for (const row of rows) {
    const fonte = FONTES.find((known) => known === row.fonte);
    if (fonte === undefined) continue;
    lastKnown[fonte] = row.last_known;
    const ms = Number(row.ms);
    if (row.ms === null || !Number.isFinite(ms) || ms < 0) continue;
    const list = samples.get(fonte) ?? [];
    list.push(ms);
    samples.set(fonte, list);
  }
  const seeded = runTimesFromJson(lastKnown, typical);
  const measured = (fonte: Fonte): number => {
    const durations = samples.get(fonte) ?? [];
    return durations.length < RUN_TIME_MIN_SAMPLES ? seeded[fonte] : Math.max(1, trimmedMean(durations));
  };
  return runTimesOf(measured);
}

/**
 * The run times a published schedule carries (`fair_schedule.run_ms`), validated: it comes from another process. A
 * product missing or not a positive number takes its typical figure.
 */
export function runTimesFromJson(value: unknown, fallback: RunTimes = TYPICAL_RUN_MS): RunTimes {
  const object = typeof value === 'object' && value !== null ? value : {};
  return runTimesOf((fonte) => {
    const ms = Number(Reflect.get(object, fonte));
    return Number.isFinite(ms) && ms > 0 ? ms : fallback[fonte];
  });
}

function runTimesOf(of: (fonte: Fonte) => number): RunTimes {
  return Object.freeze({
    'pesquisa-previa-bens': of('pesquisa-previa-bens'),
    'visualizacao-matricula': of('visualizacao-matricula'),
    'certidao-inteiro-teor': of('certidao-inteiro-teor'),
  });
}
