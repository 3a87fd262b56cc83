import type { Clock } from '@regapi/calendar';
import type { DocumentStorage } from '@regapi/documents';
import { type CloseAllResult, closeMonthForAll, type Db, extratoMonthRange, monthEndedBefore } from '@regapi/ledger';
import { every } from '@regapi/runtime';
import type { Logger } from '@regapi/telemetry';
import { sql } from 'kysely';

/** How long after a month ends (Brasília) its close waits: the last entries' transactions have long committed. */
export const MONTH_CLOSE_GRACE_MS = 60 * 60_000;
/** How often each gateway replica looks for a month to close (a cheap count when there is none). */
export const MONTH_CLOSE_EVERY_MS = 10 * 60_000;

/** The month whose close is due at `now`: the one before the month of `now − grace`, in Brasília. */
export function monthDueForClose(now: Date, graceMs = MONTH_CLOSE_GRACE_MS): string {
  return monthEndedBefore(new Date(now.getTime() - graceMs));
}

/** Accounts that existed before `month` ended and have no closed statement of it yet. */
async function accountsToClose(db: Db, month: string): Promise<number> {
  const range = extratoMonthRange(month);
  if (range === undefined) return 0;
  const row = await db
    .selectFrom('account')
    .select(sql<string>`count(*)`.as('pending'))
    .where('created_at', '<', range.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('monthly_statement')
            .select('monthly_statement.account_id')
            .whereRef('monthly_statement.account_id', '=', 'account.id')
            .where('monthly_statement.month', '=', month),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}

export interface MonthCloseDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly documents: DocumentStorage;
  readonly logger: Logger;
  readonly graceMs?: number;
}

/** One pass: closes the due month for every account still without its statement; undefined when none was due. */
export async function closeDueMonth(deps: MonthCloseDeps): Promise<CloseAllResult | undefined> {
  const now = deps.clock.now();
  const month = monthDueForClose(now, deps.graceMs);
  if ((await accountsToClose(deps.db, month)) === 0) return undefined;
  const result = await closeMonthForAll(deps.db, deps.documents, { month, now });
  if ('kind' in result) return undefined;
  deps.logger.info({ month, closed: result.closed, already_closed: result.alreadyClosed }, 'monthly statements closed');
  return result;
}

export interface MonthCloseJob {
  stop(): Promise<void>;
}

/**
 * The month's close (issue 18; docs/decisions/0107): every `everyMs`, the first at start, each gateway replica closes
 * the previous month of every account once that month has ended in Brasília (plus the grace); one pass at a time
 * (decision 0114). Replicas may race: closing is idempotent and deterministic (the same bytes under the same keys; one
 * row wins), so the worst case is work done twice.
 */
export function startMonthCloseJob(deps: MonthCloseDeps & { readonly everyMs?: number }): MonthCloseJob {
  const loop = every(deps.everyMs ?? MONTH_CLOSE_EVERY_MS, () => closeDueMonth(deps), {
    firstRunNow: true,
    onError: (error) => deps.logger.warn({ err: error }, 'monthly statement close failed; retried at the next pass'),
  });
  loop.start();
  return { stop: loop.stop };
}
