import type { WatchEstadoColumn, WatchKindColumn, WatchRunOutcomeColumn } from '@regapi/db';
import { sql } from 'kysely';
import type { SnapshotFigures } from './snapshot-figures';

const HOUR_MS = 3_600_000;

/** The watch columns of the snapshot's one statement, as read. */
export interface WatchSnapshotRow {
  /** `estado/kind` → watches. */
  readonly watches: Partial<Record<string, number>>;
  /** outcome → runs recorded in the last 24 h. */
  readonly watch_runs_last_day: Partial<Record<string, number>>;
  readonly watch_runs_late: number;
  readonly watch_origin_share: number;
}

/**
 * Property monitoring's columns of the pipeline snapshot (decision 0168), as of `now`:
 * - watches by estado and kind (the table is a watch per row, removed ones kept: small beside `orders`);
 * - runs recorded (`created_at`, the job's clock when it wrote the row) in the last 24 h by their outcome now, and
 *   the late ones of the last hour: recorded `atrasada` (not placed in the window; `watch_run_created`, migration
 *   0049) plus placed runs found not started in their window (`late_at`, decision 0172; `watch_run_late`, migration
 *   0051) — two sets apart, as an `atrasada` run placed no order;
 * - the share of the last hour of the origin session (one session, one call at a time: its hour is 3 600 s) spent on
 *   answered calls of orders with a `watch_id`, each call's `answered_at - started_at` clipped to the hour, as the
 *   measured run times count session time (decision 0098). A call never lasts an hour: calls started in the last two
 *   are read, through the `(fonte, started_at)` index.
 */
export function watchSnapshotColumns(now: Date) {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const twoHoursAgo = new Date(now.getTime() - 2 * HOUR_MS);
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  return sql`
    (SELECT coalesce(jsonb_object_agg(estado || '/' || kind, n), '{}')
     FROM (SELECT estado, kind, count(*) AS n FROM watch GROUP BY estado, kind) w) AS watches,
    (SELECT coalesce(jsonb_object_agg(outcome, n), '{}')
     FROM (SELECT outcome, count(*) AS n FROM watch_run WHERE created_at > ${dayAgo}::timestamptz GROUP BY outcome) r)
      AS watch_runs_last_day,
    ((SELECT count(*) FROM watch_run WHERE outcome = 'atrasada' AND created_at > ${hourAgo}::timestamptz)
     + (SELECT count(*) FROM watch_run WHERE late_at > ${hourAgo}::timestamptz)) AS watch_runs_late,
    (SELECT least(1, coalesce(sum(greatest(0, extract(epoch FROM
              least(a.answered_at, ${now}::timestamptz) - greatest(a.started_at, ${hourAgo}::timestamptz)))), 0) / 3600)
     FROM origin_order_attempt a JOIN orders o ON o.id = a.order_id
     WHERE o.watch_id IS NOT NULL AND a.started_at > ${twoHoursAgo}::timestamptz
       AND a.started_at < ${now}::timestamptz AND a.answered_at > ${hourAgo}::timestamptz)::float8
      AS watch_origin_share,`;
}

/** Spelled out: the types demand every estado, kind and outcome, so a new one cannot be left out of the gauges. */
const byKind = (count: (kind: WatchKindColumn) => number): Readonly<Record<WatchKindColumn, number>> => ({
  pessoa: count('pessoa'),
  matricula: count('matricula'),
});

const byEstado = (count: (estado: WatchEstadoColumn, kind: WatchKindColumn) => number): SnapshotFigures['watches'] => ({
  ativo: byKind((kind) => count('ativo', kind)),
  pausado: byKind((kind) => count('pausado', kind)),
  removido: byKind((kind) => count('removido', kind)),
});

const byOutcome = (count: (outcome: WatchRunOutcomeColumn) => number): SnapshotFigures['watchRunsLastDay'] => ({
  em_andamento: count('em_andamento'),
  primeira: count('primeira'),
  sem_alteracao: count('sem_alteracao'),
  alteracao: count('alteracao'),
  atrasada: count('atrasada'),
  falhou: count('falhou'),
  nao_executada_saldo: count('nao_executada_saldo'),
  adiada_por_bloqueio: count('adiada_por_bloqueio'),
});

/** The figures of `watchSnapshotColumns`' row: every label value present, 0 when none. */
export function watchFigures(
  row: WatchSnapshotRow,
): Pick<SnapshotFigures, 'watches' | 'watchRunsLastDay' | 'watchRunsLateLastHour' | 'watchOriginSessionShare'> {
  return {
    watches: byEstado((estado, kind) => row.watches[`${estado}/${kind}`] ?? 0),
    watchRunsLastDay: byOutcome((outcome) => row.watch_runs_last_day[outcome] ?? 0),
    watchRunsLateLastHour: row.watch_runs_late,
    watchOriginSessionShare: row.watch_origin_share,
  };
}
