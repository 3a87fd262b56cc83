import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { nextPlannedRun } from './schedule';
import { toWatch, type Watch } from './watch';

/**
 * What a change of state found (docs/decisions/0161): the watch as it is after the change; `changed` false when it
 * already was so (pausing a paused watch, resuming an active one, removing a removed one: the same answer again);
 * `removed` when a removed watch was asked to pause or resume (it never runs again); undefined when the account has
 * no such watch.
 */
export type WatchChange =
  | { readonly kind: 'done'; readonly watch: Watch; readonly changed: boolean }
  | { readonly kind: 'removed'; readonly watch: Watch };

type Action = 'pause' | 'resume' | 'remove';

const TARGET = { pause: 'pausado', resume: 'ativo', remove: 'removido' } as const;

/** The columns a watch moving to the action's state gets: the next run only while active (CHECK in migration 0048). */
function changeOf(action: Action, watch: Watch, now: Date, timeScale: number) {
  switch (action) {
    case 'pause':
      return { estado: 'pausado' as const, next_run_at: null, paused_at: now };
    case 'resume':
      return {
        estado: 'ativo' as const,
        next_run_at: nextPlannedRun(watch.createdAt, watch.frequencia, now, timeScale),
        paused_at: null,
      };
    case 'remove':
      return { estado: 'removido' as const, next_run_at: null, paused_at: null, removed_at: now };
  }
}

/** Pauses, resumes or removes ONE account's watch, under its row lock so two changes never interleave. */
export async function changeWatchState(
  db: Kysely<Database>,
  target: { readonly accountId: string; readonly id: string; readonly action: Action },
  now: Date,
  /** The environment's clock for the resumed schedule (decision 0164): 1 in production. */
  timeScale = 1,
): Promise<WatchChange | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('watch')
      .selectAll()
      .where('account_id', '=', target.accountId)
      .where('id', '=', target.id)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const watch = toWatch(row);
    if (watch.estado === TARGET[target.action]) return { kind: 'done', watch, changed: false };
    if (watch.estado === 'removido') return { kind: 'removed', watch };
    const updated = await trx
      .updateTable('watch')
      .set(changeOf(target.action, watch, now, timeScale))
      .where('id', '=', watch.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'done', watch: toWatch(updated), changed: true };
  });
}
