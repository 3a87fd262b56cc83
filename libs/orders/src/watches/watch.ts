import type { WatchEstado, WatchFrequencia, WatchTipo } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Selectable, Transaction } from 'kysely';

export type Db = Kysely<Database> | Transaction<Database>;

/** A watch as the store reads it (migration 0048, docs/decisions/0152). */
export interface Watch {
  readonly id: string;
  /** The list's keyset (newest first). */
  readonly seq: number;
  readonly accountId: string;
  readonly kind: WatchTipo;
  /** The product's execution body, as the client sent it. */
  readonly request: Readonly<Record<string, unknown>>;
  readonly frequencia: WatchFrequencia;
  readonly estado: WatchEstado;
  readonly referencia: string | null;
  /** The next planned run while active; null when paused or removed. */
  readonly nextRunAt: Date | null;
  readonly createdAt: Date;
  readonly pausedAt: Date | null;
  readonly removedAt: Date | null;
}

type WatchRow = Selectable<Database['watch']>;

function requestOf(value: unknown): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('a watch whose request is not a JSON object');
  }
  return value as Readonly<Record<string, unknown>>;
}

/** The row as the domain reads it; bigint `seq` comes as text from pg and is a safe integer (an identity). */
export function toWatch(row: WatchRow): Watch {
  return {
    id: row.id,
    seq: Number(row.seq),
    accountId: row.account_id,
    kind: row.kind,
    request: requestOf(row.request),
    frequencia: row.frequencia,
    estado: row.estado,
    referencia: row.referencia,
    nextRunAt: row.next_run_at,
    createdAt: row.created_at,
    pausedAt: row.paused_at,
    removedAt: row.removed_at,
  };
}
