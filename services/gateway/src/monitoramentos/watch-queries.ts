import { type FieldError, type Validation, WATCH_ESTADOS, WATCH_TIPOS } from '@regapi/contracts';
import type { AccountWatchFilter } from '@regapi/orders';
import { decodeListCursor, encodeListCursor, ListParams } from './list-params';

export interface WatchListQuery {
  readonly filter: AccountWatchFilter;
  readonly beforeSeq?: string;
  readonly limit: number;
}

/** `GET /v1/monitoramentos`: `estado`, `tipo`, `limite` (1..100, default 50), `cursor`; anything else is a 422. */
export function parseWatchListQuery(query: Readonly<Record<string, unknown>>): Validation<WatchListQuery> {
  const params = new ListParams(query, ['estado', 'tipo', 'limite', 'cursor']);
  const estado = params.oneOf('estado', WATCH_ESTADOS);
  const tipo = params.oneOf('tipo', WATCH_TIPOS);
  const limit = params.limit();
  const beforeSeq = params.cursor((cursor) => decodeListCursor('w', cursor));
  if (params.errors.length > 0) return { ok: false, errors: params.errors };
  const filter: AccountWatchFilter = {
    ...(estado === undefined ? {} : { estado }),
    ...(tipo === undefined ? {} : { kind: tipo }),
  };
  return { ok: true, value: { filter, limit, ...(beforeSeq === undefined ? {} : { beforeSeq: String(beforeSeq) }) } };
}

export const watchCursor = (seq: number): string => encodeListCursor('w', seq);

export interface WatchRunsQuery {
  readonly beforePlannedAt?: Date;
  readonly limit: number;
}

/** `GET /v1/monitoramentos/{id}/execucoes`: `limite` and `cursor` only. */
export function parseWatchRunsQuery(query: Readonly<Record<string, unknown>>): Validation<WatchRunsQuery> {
  const params = new ListParams(query, ['limite', 'cursor']);
  const limit = params.limit();
  const before = params.cursor((cursor) => decodeListCursor('r', cursor));
  const errors: FieldError[] = params.errors;
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { limit, ...(before === undefined ? {} : { beforePlannedAt: new Date(before) }) } };
}

export const runCursor = (plannedAt: Date): string => encodeListCursor('r', plannedAt.getTime());
