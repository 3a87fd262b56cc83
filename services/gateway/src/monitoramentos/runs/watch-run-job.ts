import type { DocumentStorage } from '@regapi/documents';
import { dueWatches } from '@regapi/orders';
import { every, type Periodic } from '@regapi/runtime';
import type { Logger } from '@regapi/telemetry';
import type { AcceptanceDeps } from '../../executions/acceptance';
import type { ChangeMailSettings } from './change-mail';
import { compareFinishedRuns } from './compare-finished-runs';
import { markLateRuns } from './mark-late-runs';
import { placeWatchRun, type RunPlacement } from './place-watch-run';

/** How often each gateway replica looks for due watch runs (decision 0164): a run is placed within a minute of its plan. */
export const WATCH_RUNS_EVERY_MS = 60_000;
/** Watches placed per statement read; a pass reads again while it finds a full page. */
const PAGE = 100;

/** What a pass did, by kind (the job's log line and the tests read it). */
export type WatchRunPassResult = Readonly<Record<RunPlacement['kind'], number>>;

/**
 * One pass over one environment: every due watch's run placed, recorded or left for the next pass (decision 0164).
 * A recorded run moves its watch on, so a watch behind by several runs (the gateways were down) is read again until
 * it reaches its current run; a watch left to retry, or found moved on, is not read again by this pass, so it ends.
 */
export async function placeDueWatchRuns(deps: AcceptanceDeps, signal?: AbortSignal): Promise<WatchRunPassResult> {
  const counts: Record<RunPlacement['kind'], number> = { placed: 0, recorded: 0, retry: 0, 'moved-on': 0 };
  const leftAlone = new Set<string>();
  for (;;) {
    const page = await dueWatches(deps.db, deps.clock.now(), PAGE + leftAlone.size);
    const due = page.filter((watch) => !leftAlone.has(watch.id));
    if (due.length === 0) return counts;
    for (const watch of due) {
      if (signal?.aborted === true) return counts;
      const result = await placeWatchRun(deps, watch);
      counts[result.kind] += 1;
      if (result.kind === 'retry' || result.kind === 'moved-on') leftAlone.add(watch.id);
    }
  }
}

export interface WatchRunJobDeps {
  /** Each environment's acceptance (production's, the sandbox's): the runs are placed where their watch lives. */
  readonly environments: ReadonlyArray<{
    readonly ambiente: string;
    readonly acceptance: AcceptanceDeps;
    readonly documents: DocumentStorage | undefined;
    /** Production's only: a change e-mails the account's opted-in console users (decision 0169). */
    readonly changeMail?: ChangeMailSettings;
  }>;
  readonly logger: Logger;
  readonly everyMs?: number;
}

/**
 * The watch runs (issue 30; docs/decisions/0152, 0164): every minute, the first at start, each gateway replica places
 * the due runs of every environment, compares the runs whose orders have all finished and marks late the placed runs
 * not started in their window (decision 0172), one pass at a time (decision 0114). Replicas may race on a watch: its row lock and the run's unique row let one place it; a run's
 * outcome is written once, by whichever moves it from `em_andamento`.
 */
export function startWatchRunJob(deps: WatchRunJobDeps): Periodic<void> {
  const loop = every(
    deps.everyMs ?? WATCH_RUNS_EVERY_MS,
    async (signal) => {
      for (const { ambiente, acceptance, documents, changeMail } of deps.environments) {
        const placed = await placeDueWatchRuns(acceptance, signal);
        if (placed.placed + placed.recorded + placed.retry > 0) deps.logger.info({ ambiente, ...placed }, 'watch runs');
        const compared = await compareFinishedRuns(
          {
            db: acceptance.db,
            clock: acceptance.clock,
            documents,
            ...(changeMail === undefined ? {} : { changeMail }),
          },
          signal,
        );
        if (compared.compared + compared.changed > 0)
          deps.logger.info({ ambiente, ...compared }, 'watch runs compared');
        const late = await markLateRuns(acceptance, signal);
        if (late > 0) deps.logger.warn({ ambiente, late }, 'watch runs not started in their window');
      }
    },
    {
      firstRunNow: true,
      jitterMs: 5_000,
      onError: (error) => deps.logger.warn({ err: error }, 'watch run placement failed; retried at the next pass'),
    },
  );
  loop.start();
  return loop;
}
