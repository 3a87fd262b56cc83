import { markRunLate, type RunNotStarted, runsNotStartedInWindow } from '@regapi/orders';
import type { AcceptanceDeps } from '../../executions/acceptance';

/** Runs read per statement; a pass reads again while it finds a full page. */
const PAGE = 100;

/** Why a placed run had not started by the end of its window (decision 0172). */
export function notStartedReason(run: RunNotStarted): string {
  if (run.fontesOutOfService.length > 0)
    return `não começou na janela: produto fora de serviço (${run.fontesOutOfService.join(', ')})`;
  return 'não começou na janela: sem capacidade ociosa da origem';
}

/**
 * One pass over one environment (issue 30: a run that misses its window is reported; docs/decisions/0172): every
 * placed run whose window ended while one of its orders had not started — it waits in the fair queue's idle level
 * (decision 0163) or its product is out of service — gets `late_at` and why, once. The order is not cancelled: it was
 * paid for, it still runs and is compared, and the run's outcome stays the comparison's.
 */
export async function markLateRuns(
  deps: Pick<AcceptanceDeps, 'db' | 'clock' | 'timeScale'>,
  signal?: AbortSignal,
): Promise<number> {
  let marked = 0;
  for (;;) {
    const now = deps.clock.now();
    const page = await runsNotStartedInWindow(deps.db, now, deps.timeScale, PAGE);
    for (const run of page) {
      if (signal?.aborted === true) return marked;
      if (await markRunLate(deps.db, run.id, now, notStartedReason(run))) marked += 1;
    }
    if (page.length < PAGE) return marked;
  }
}
