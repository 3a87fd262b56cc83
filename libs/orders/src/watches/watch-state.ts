import { isUf, ufTimeZone } from '@regapi/br';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { ORDER_BLOCK_LOOKBACK_MS, orderBlockEndOnClock } from '../order-block';
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

/**
 * When the order block of the watch's own latest record order lifts, on the environment's clock, if it has not yet
 * (docs/decisions/0177): a resumed record watch plans its next run no earlier, as a placed run does.
 */
async function ownBlockEnd(
  trx: Transaction<Database>,
  watch: Watch,
  now: Date,
  timeScale: number,
): Promise<Date | undefined> {
  const last = await trx
    .selectFrom('orders')
    .select(['created_at', 'uf'])
    .where('watch_id', '=', watch.id)
    .where('imovel_chave', 'is not', null)
    .where('created_at', '>=', new Date(now.getTime() - ORDER_BLOCK_LOOKBACK_MS))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last === undefined || !isUf(last.uf)) return undefined;
  const end = orderBlockEndOnClock({ createdAt: last.created_at }, ufTimeZone(last.uf), timeScale).from;
  return end > now ? end : undefined;
}

/** The columns a watch moving to the action's state gets: the next run only while active (CHECK in migration 0048). */
function changeOf(action: Action, watch: Watch, now: Date, timeScale: number, notBefore: Date | undefined) {
  switch (action) {
    case 'pause':
      return { estado: 'pausado' as const, next_run_at: null, paused_at: now };
    case 'resume': {
      const scheduled = nextPlannedRun(watch.createdAt, watch.frequencia, now, timeScale);
      return {
        estado: 'ativo' as const,
        next_run_at: notBefore !== undefined && notBefore > scheduled ? notBefore : scheduled,
        paused_at: null,
      };
    }
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
    const notBefore = target.action === 'resume' ? await ownBlockEnd(trx, watch, now, timeScale) : undefined;
    const updated = await trx
      .updateTable('watch')
      .set(changeOf(target.action, watch, now, timeScale, notBefore))
      .where('id', '=', watch.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'done', watch: toWatch(updated), changed: true };
  });
}
