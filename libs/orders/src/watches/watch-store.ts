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

/** A new active watch whose first run is planned at its creation (docs/decisions/0161). */
export async function createWatch(db: Db, input: NewWatch, now: Date): Promise<Watch> {
  const row = await db
    .insertInto('watch')
    .values({
      account_id: input.accountId,
      kind: input.kind,
      request: JSON.stringify(input.request),
      frequencia: input.frequencia,
      estado: 'ativo',
      referencia: input.referencia,
      next_run_at: nextPlannedRun(now, input.frequencia, now),
      created_at: now,
      paused_at: null,
      removed_at: null,
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
