import { lastCatalogSync } from '@regapi/catalog';
import { RUN_TIME_MIN_SAMPLES, readMeasuredRunTimes, runTimesFromJson } from '@regapi/orders';
import { waitFor } from '@regapi/testkit';
import type { Harness } from '../../services/origin-session/test/support/harness';
import { withinBound } from '../within-bound';
import { acceptSearch, driveUntilDrained } from './driven-run';

/** The searches of the "previous day": twice what a measured run time needs (decision 0098), all answered. */
export const WARM_UP_SEARCHES = 2 * RUN_TIME_MIN_SAMPLES;
/** Past the run times' 24-hour window (decision 0098) by an hour: none of the previous day's runs is a sample. */
const NEXT_MORNING_MS = 25 * 3_600_000;
const SEARCH = 'pesquisa-previa-bens';

export interface PreviousDay {
  readonly searches: number;
  /** The search's run time the last schedule of the previous day published (`fair_schedule.run_ms`). */
  readonly publishedRunMs: number;
  /** Whether origin-session was stopped and started again overnight (the harness started one in this process). */
  readonly restarted: boolean;
}

/**
 * A "previous day" before a scenario's backlog (decision 0150): WARM_UP_SEARCHES searches of one account run and are
 * answered, and the schedule publishes the run time measured from them; then origin-session stops, the driven clock
 * moves past the 24-hour window (so none of those runs counts any more), and it starts again, as after a night's
 * restart. Returns once the new leader has published its first schedule (what an acceptance reads) and the morning's
 * catalog sync is done, so the backlog meets a session with nothing of its own to do.
 */
export async function previousDay(harness: Harness, boundMs: number): Promise<PreviousDay> {
  const db = harness.database.db;
  const accountId = crypto.randomUUID();
  for (let i = 0; i < WARM_UP_SEARCHES; i++) await acceptSearch(harness, accountId);
  await driveUntilDrained(harness, boundMs);
  const publishedRunMs = await waitFor(
    async () => {
      const measured = (await readMeasuredRunTimes(db, harness.clock.now()))[SEARCH];
      const row = await db.selectFrom('fair_schedule').select('run_ms').executeTakeFirst();
      const published = row === undefined ? undefined : runTimesFromJson(row.run_ms)[SEARCH];
      return published === measured ? published : undefined;
    },
    { timeoutMs: boundMs, what: 'the run time measured from the previous day published' },
  );

  const service = harness.service;
  if (service !== undefined) await withinBound('stopping origin-session overnight', boundMs, service.stop());
  const morning = harness.clock.now().getTime() + NEXT_MORNING_MS;
  harness.clock.set(new Date(morning));
  if (service !== undefined) await withinBound('starting origin-session in the morning', boundMs, service.start());
  await waitFor(
    async () => {
      const row = await db.selectFrom('fair_schedule').select('computed_at').executeTakeFirst();
      return row !== undefined && row.computed_at.getTime() >= morning;
    },
    { timeoutMs: boundMs, what: "the morning's first published schedule" },
  );
  await waitFor(
    async () => {
      const sync = await lastCatalogSync(db);
      return sync !== undefined && sync.syncedAt.getTime() >= morning;
    },
    { timeoutMs: boundMs, what: "the morning's catalog sync" },
  );
  return { searches: WARM_UP_SEARCHES, publishedRunMs, restarted: service !== undefined };
}
