import { type Fonte, RESULT_CODES, type ResultClass } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';

/** The last hour's finished orders of one product (docs/decisions/0092). */
export interface LastHourOutcomes {
  /** Orders counted: finished in the hour, client-caused refusals excluded. */
  readonly counted: number;
  /** Share of `counted` that succeeded, 0..1; null with nothing counted (never NaN). */
  readonly successRate: number | null;
  /** Seconds from acceptance to finished, median and 95th percentile; null with nothing counted. */
  readonly p50Seconds: number | null;
  readonly p95Seconds: number | null;
}

/** Decision 0092: the origin answered (found, nothing found, cannot issue online) is a success. */
const SUCCESS_CLASSES: readonly ResultClass[] = ['sucesso', 'nao_encontrado', 'indeterminado'];
/** Decision 0092: the origin refused the client's DATA (contract 7.4): neither success nor failure of the service. */
const CLIENT_CLASSES: readonly ResultClass[] = ['erro_participante'];

function codesOf(classes: readonly ResultClass[]): number[] {
  return RESULT_CODES.filter((info) => classes.includes(info.class)).map((info) => info.code);
}

const SUCCESS_CODES = codesOf(SUCCESS_CLASSES);
const CLIENT_CODES = codesOf(CLIENT_CLASSES);
const HOUR_MS = 3_600_000;

function seconds(value: string | number | null): number | null {
  return value === null ? null : Math.round(Number(value) * 10) / 10;
}

/** One grouped statement over the hour's finished orders (index orders_finished_recent, migration 0029). */
export async function lastHourOutcomes(db: Kysely<Database>, now: Date): Promise<ReadonlyMap<Fonte, LastHourOutcomes>> {
  const since = new Date(now.getTime() - HOUR_MS);
  const result = await sql<{
    fonte: Fonte;
    counted: string;
    succeeded: string;
    p50: string | number | null;
    p95: string | number | null;
  }>`
    SELECT fonte,
           COUNT(*)::bigint AS counted,
           COUNT(*) FILTER (WHERE code = ANY(${sql.val(SUCCESS_CODES)}::integer[]))::bigint AS succeeded,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM finished_at - created_at)) AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM finished_at - created_at)) AS p95
      FROM orders
     WHERE state = 'finished' AND finished_at >= ${since} AND finished_at <= ${now}
       AND code IS NOT NULL AND NOT (code = ANY(${sql.val(CLIENT_CODES)}::integer[]))
     GROUP BY fonte`.execute(db);
  const byFonte = new Map<Fonte, LastHourOutcomes>();
  for (const row of result.rows) {
    const counted = Number(row.counted);
    byFonte.set(row.fonte, {
      counted,
      successRate: counted === 0 ? null : Number(row.succeeded) / counted,
      p50Seconds: seconds(row.p50),
      p95Seconds: seconds(row.p95),
    });
  }
  return byFonte;
}

export const NO_OUTCOMES: LastHourOutcomes = { counted: 0, successRate: null, p50Seconds: null, p95Seconds: null };
