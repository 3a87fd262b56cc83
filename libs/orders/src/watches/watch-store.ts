import type { WatchEstado, WatchFrequencia, WatchTipo } from '@regapi/contracts';
import { sql } from 'kysely';
import { nextPlannedRun } from './schedule';
import { type Db, toWatch, type Watch } from './watch';

export interface NewWatch {
  readonly accountId: string;
  readonly kind: WatchTipo;
  /** The product's execution body, as the client sent it (already validated by the product's own validation). */
  readonly request: Readonly<Record<string, unknown>>;
  readonly frequencia: WatchFrequencia;
  readonly referencia: string | null;
}

/** A watch about to be created: what it will be, known before it is written (its answer is stored with its key). */
export type PlannedWatch = Omit<Watch, 'seq'>;

/** An active watch whose first run is planned at its creation (docs/decisions/0161). */
export function newWatch(input: NewWatch, id: string, now: Date): PlannedWatch {
  return {
    id,
    accountId: input.accountId,
    kind: input.kind,
    request: input.request,
    frequencia: input.frequencia,
    estado: 'ativo',
    referencia: input.referencia,
    nextRunAt: nextPlannedRun(now, input.frequencia, now),
    createdAt: now,
    pausedAt: null,
    removedAt: null,
  };
}

/** Writes a watch planned by `newWatch`. */
export async function createWatch(db: Db, watch: PlannedWatch): Promise<Watch> {
  const row = await db
    .insertInto('watch')
    .values({
      id: watch.id,
      account_id: watch.accountId,
      kind: watch.kind,
      request: JSON.stringify(watch.request),
      frequencia: watch.frequencia,
      estado: watch.estado,
      referencia: watch.referencia,
      next_run_at: watch.nextRunAt,
      created_at: watch.createdAt,
      paused_at: watch.pausedAt,
      removed_at: watch.removedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWatch(row);
}

/** The account's watch, or undefined: another account's watch is not found, exactly like a missing one. */
export async function getWatchForAccount(db: Db, accountId: string, id: string): Promise<Watch | undefined> {
  const row = await db
    .selectFrom('watch')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : toWatch(row);
}

export interface AccountWatchFilter {
  readonly estado?: WatchEstado;
  readonly kind?: WatchTipo;
}

export interface AccountWatchPage {
  readonly watches: readonly Watch[];
  readonly more: boolean;
}

/**
 * One page of ONE account's watches, newest first, after `beforeSeq` (the last row of the previous page): keyset
 * pagination on `seq` (index watch_account_seq), stable while new watches are created. The account is always the
 * first condition.
 */
export async function listAccountWatches(
  db: Db,
  accountId: string,
  filter: AccountWatchFilter,
  page: { readonly beforeSeq?: string; readonly limit: number },
): Promise<AccountWatchPage> {
  let query = db.selectFrom('watch').selectAll().where('account_id', '=', accountId);
  if (filter.estado !== undefined) query = query.where('estado', '=', filter.estado);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (page.beforeSeq !== undefined) query = query.where(sql<boolean>`seq < ${page.beforeSeq}::bigint`);
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { watches: rows.slice(0, page.limit).map(toWatch), more: rows.length > page.limit };
}
