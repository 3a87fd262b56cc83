import { type Clock, toLocalDateTime } from '@regapi/calendar';
import type { DocumentStorage } from '@regapi/documents';
import {
  type CloseAllResult,
  closeMonthForAll,
  type Db,
  EXTRATO_TIME_ZONE,
  extratoMonthRange,
  previousMonth,
} from '@regapi/ledger';
import type { Logger } from '@regapi/telemetry';
import { sql } from 'kysely';

/** How long after a month ends (Brasília) its close waits: the last entries' transactions have long committed. */
export const MONTH_CLOSE_GRACE_MS = 60 * 60_000;
/** How often each gateway replica looks for a month to close (a cheap count when there is none). */
export const MONTH_CLOSE_EVERY_MS = 10 * 60_000;

/** The month whose close is due at `now`: the one before the month of `now − grace`, in Brasília. */
export function monthDueForClose(now: Date, graceMs = MONTH_CLOSE_GRACE_MS): string {
  const { date } = toLocalDateTime(new Date(now.getTime() - graceMs), EXTRATO_TIME_ZONE);
  return previousMonth(`${date.year}-${String(date.month).padStart(2, '0')}`);
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
 * The month's close (issue 18; docs/decisions/0107): every `everyMs`, each gateway replica closes the previous month
 * of every account once that month has ended in Brasília (plus the grace). Replicas may race: closing is idempotent
 * and deterministic (the same bytes under the same keys; one row wins), so the worst case is work done twice.
 */
export function startMonthCloseJob(deps: MonthCloseDeps & { readonly everyMs?: number }): MonthCloseJob {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = closeDueMonth(deps).then(
      () => undefined,
      (error: unknown) => deps.logger.warn({ err: error }, 'monthly statement close failed; retried at the next pass'),
    );
  };
  const timer = setInterval(pass, deps.everyMs ?? MONTH_CLOSE_EVERY_MS);
  timer.unref();
  pass();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
