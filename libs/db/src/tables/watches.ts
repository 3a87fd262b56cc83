import type { ColumnType, Generated } from 'kysely';

export type WatchKindColumn = 'pessoa' | 'matricula';
export type WatchFrequenciaColumn = 'diaria' | 'semanal' | 'mensal';
export type WatchEstadoColumn = 'ativo' | 'pausado' | 'removido';
/** What came of a planned run (docs/decisions/0152, 0161). */
export type WatchRunOutcomeColumn =
  | 'em_andamento'
  | 'primeira'
  | 'sem_alteracao'
  | 'alteracao'
  | 'atrasada'
  | 'falhou'
  | 'nao_executada_saldo'
  | 'adiada_por_bloqueio';

/** A person or a record an account watches (migration 0048, docs/decisions/0152). */
export interface WatchTable {
  id: Generated<string>;
  /** The list's keyset, newest first. */
  seq: ColumnType<number, never, never>;
  account_id: ColumnType<string, string, never>;
  kind: ColumnType<WatchKindColumn, WatchKindColumn, never>;
  /** The product's execution body, as the client sent it (validated by the product's own validation). */
  request: ColumnType<unknown, string, never>;
  frequencia: ColumnType<WatchFrequenciaColumn, WatchFrequenciaColumn, never>;
  estado: WatchEstadoColumn;
  referencia: ColumnType<string | null, string | null, never>;
  /** The next planned run while `ativo`; null otherwise. */
  next_run_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
  paused_at: Date | null;
  removed_at: Date | null;
}

/** One planned run of a watch and what came of it (migration 0048). */
export interface WatchRunTable {
  id: Generated<string>;
  watch_id: ColumnType<string, string, never>;
  planned_at: ColumnType<Date, Date, never>;
  order_id: string | null;
  /** The batch a nationwide person watch's run placed (one order per UF); null for a run of one order. */
  batch_id: ColumnType<string | null, string | null | undefined, never>;
  outcome: WatchRunOutcomeColumn;
  diff: ColumnType<unknown, string | null | undefined, string | null>;
  reason: string | null;
  created_at: ColumnType<Date, Date, never>;
  /** When the job found the placed run not started past its window (migration 0051); null while it is not late. */
  late_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Why it had not started (no idle capacity, the product out of service); null while it is not late. */
  late_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Watches and their runs (libs/orders/src/watches). */
export interface WatchTables {
  watch: WatchTable;
  watch_run: WatchRunTable;
}
