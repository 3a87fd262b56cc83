import fc from 'fast-check';
import {
  createFairQueue,
  createQuietHours,
  type FairQueue,
  type FairTask,
  HOUR_MS,
  HOURS_OF_WEEK,
  hourOfWeek,
  type QuietHours,
} from '../src';

/**
 * Idle work only in the forecast's quiet hours (docs/decisions/0174), on a driven clock: never outside them even with
 * the session free, never crossing a quiet stretch's end, waiting until the next quiet start it fits in; interactive
 * and internal work as before.
 */

/** Monday 2026-03-09 00:00 in Brasília (03:00 UTC): bucket 0. */
const MONDAY = Date.parse('2026-03-09T03:00:00.000Z');
const MINUTE = 60_000;
const WEEK = HOURS_OF_WEEK * HOUR_MS;
const SEARCH_MS = 72_000;
const VIEW_MS = 60_000;

/** Quiet: every day 00:00–08:00 and 20:00–24:00 in Brasília. */
const NIGHTS = createQuietHours(
  Array.from({ length: HOURS_OF_WEEK }, (_, bucket) => bucket % 24 < 8 || bucket % 24 >= 20),
);
const queueWith = (quietHours: QuietHours): FairQueue =>
  createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: 10, quietHours });
const watchSearch = (id: string, account = 'a'): FairTask => ({
  id,
  account,
  costMs: SEARCH_MS,
  search: true,
  idle: true,
});
const watchView = (id: string, account = 'a'): FairTask => ({
  id,
  account,
  costMs: VIEW_MS,
  search: false,
  idle: true,
});
const order = (id: string, account = 'b'): FairTask => ({ id, account, costMs: SEARCH_MS, search: true });

test('quiet stretches: where the one holding an instant ends; the next start work of a cost fits in', () => {
  expect(NIGHTS.stretchEndAt(MONDAY + 3 * HOUR_MS + 5 * MINUTE)).toBe(MONDAY + 8 * HOUR_MS);
  // Monday 20:00 runs into Tuesday 08:00.
  expect(NIGHTS.stretchEndAt(MONDAY + 23 * HOUR_MS)).toBe(MONDAY + 32 * HOUR_MS);
  expect(NIGHTS.stretchEndAt(MONDAY + 10 * HOUR_MS)).toBeUndefined();
  expect(NIGHTS.nextFit(MONDAY + 10 * HOUR_MS, SEARCH_MS)).toBe(MONDAY + 20 * HOUR_MS);
  expect(NIGHTS.nextFit(MONDAY + 2 * HOUR_MS, SEARCH_MS)).toBe(MONDAY + 2 * HOUR_MS);
  expect(NIGHTS.nextFit(MONDAY + 8 * HOUR_MS - MINUTE, SEARCH_MS)).toBe(MONDAY + 20 * HOUR_MS);
  // Longer than any stretch: nowhere in the week.
  expect(NIGHTS.nextFit(MONDAY, 13 * HOUR_MS)).toBeUndefined();
  expect(createQuietHours(new Array<boolean>(HOURS_OF_WEEK).fill(false)).nextFit(MONDAY, 1)).toBeUndefined();
  expect(() => createQuietHours([true])).toThrow(RangeError);
});

test('outside the quiet hours no watch run starts though the session is free; the queue waits for the next quiet start', () => {
  const queue = queueWith(NIGHTS);
  const busyHour = MONDAY + 10 * HOUR_MS + 17 * MINUTE;
  queue.enqueue(watchSearch('w1'));
  queue.enqueue(watchView('w2', 'c'));
  expect(queue.next(busyHour)).toEqual({ kind: 'wait', until: MONDAY + 20 * HOUR_MS });
  expect(queue.decidesAt(busyHour)).toBe(MONDAY + 20 * HOUR_MS);
  // The forecast puts the runs at the quiet start, one after the other.
  const forecast = queue.forecast(busyHour);
  expect([...forecast.values()].sort((a, b) => a - b)).toEqual([
    MONDAY + 20 * HOUR_MS,
    MONDAY + 20 * HOUR_MS + (forecast.get('w1') === MONDAY + 20 * HOUR_MS ? SEARCH_MS : VIEW_MS),
  ]);
  // An interactive order accepted then starts at once; the runs still wait.
  queue.enqueue(order('o1'));
  expect(queue.next(busyHour)).toMatchObject({ kind: 'run', task: { id: 'o1' } });
  expect(queue.next(busyHour + SEARCH_MS)).toEqual({ kind: 'wait', until: MONDAY + 20 * HOUR_MS });
  const quiet = MONDAY + 20 * HOUR_MS;
  expect(hourOfWeek(quiet)).toBe(20);
  const first = queue.next(quiet);
  expect(first.kind).toBe('run');
  expect(queue.size()).toBe(1);
});

test('a run whose cost would cross into a busy hour waits for the next stretch; one that fits still runs', () => {
  const queue = queueWith(NIGHTS);
  // The search is the account's older task; at 07:59 the view would end at 08:00:00 exactly.
  queue.enqueue(watchSearch('w-search'));
  queue.enqueue(watchView('w-view'));
  const late = MONDAY + 8 * HOUR_MS - MINUTE;
  expect(queue.decidesAt(late)).toBe(late);
  expect(queue.next(late)).toMatchObject({ kind: 'run', task: { id: 'w-view' } });
  expect(queue.next(late + VIEW_MS)).toEqual({ kind: 'wait', until: MONDAY + 20 * HOUR_MS });
});

test("an idle search is held in a quiet stretch's last hour (its rolling hour would reach the busy one); a record view is not", () => {
  // Decision 0174: a search counts under the ceiling for an hour after it starts, so an idle one starts no later than
  // an hour before the stretch ends (07:00 for 08:00); a record view places no search and only needs its cost to fit.
  const lastHour = MONDAY + 7 * HOUR_MS + 1;
  const queue = queueWith(NIGHTS);
  queue.enqueue(watchSearch('w-search'));
  expect(queue.next(lastHour)).toEqual({ kind: 'wait', until: MONDAY + 20 * HOUR_MS });
  expect(queue.decidesAt(lastHour)).toBe(MONDAY + 20 * HOUR_MS);
  expect(queue.forecast(lastHour).get('w-search')).toBe(MONDAY + 20 * HOUR_MS);
  expect(NIGHTS.nextFit(lastHour, HOUR_MS)).toBe(MONDAY + 20 * HOUR_MS);
  // Its record view, queued after it, goes at once.
  queue.enqueue(watchView('w-view'));
  expect(queue.decidesAt(lastHour)).toBe(lastHour);
  expect(queue.next(lastHour)).toMatchObject({ kind: 'run', task: { id: 'w-view' } });
  // At 07:00 exactly its rolling hour ends at 08:00: it runs.
  const again = queueWith(NIGHTS);
  again.enqueue(watchSearch('w-search'));
  expect(again.decidesAt(MONDAY + 7 * HOUR_MS)).toBe(MONDAY + 7 * HOUR_MS);
  expect(again.next(MONDAY + 7 * HOUR_MS)).toMatchObject({ kind: 'run', task: { id: 'w-search' } });
  // A stretch of one hour holds an idle search only at its first instant (admission counts none there); a view
  // anywhere its cost fits. Every hour quiet holds a search at any instant.
  const oneHour = queueWith(createQuietHours(Array.from({ length: HOURS_OF_WEEK }, (_, bucket) => bucket === 3)));
  oneHour.enqueue(watchSearch('w1'));
  expect(oneHour.next(MONDAY + 3 * HOUR_MS + 1)).toEqual({ kind: 'wait', until: MONDAY + WEEK + 3 * HOUR_MS });
  oneHour.enqueue(watchView('w2'));
  expect(oneHour.next(MONDAY + 3 * HOUR_MS + 1)).toMatchObject({ kind: 'run', task: { id: 'w2' } });
  const anyHour = queueWith(createQuietHours(new Array<boolean>(HOURS_OF_WEEK).fill(true)));
  anyHour.enqueue(watchSearch('w1'));
  expect(anyHour.next(lastHour)).toMatchObject({ kind: 'run', task: { id: 'w1' } });
});

test('with no quiet hour idle work never starts and the queue says idle; interactive work is unchanged', () => {
  const queue = queueWith(createQuietHours(new Array<boolean>(HOURS_OF_WEEK).fill(false)));
  queue.enqueue(watchSearch('w1'));
  expect(queue.next(MONDAY + 3 * HOUR_MS)).toEqual({ kind: 'idle' });
  expect(queue.decidesAt(MONDAY + 3 * HOUR_MS)).toBe(MONDAY + 3 * HOUR_MS);
  expect(queue.forecast(MONDAY + 3 * HOUR_MS).size).toBe(0);
  queue.enqueue(order('o1'));
  queue.enqueue({ id: 'check', costMs: 5_000, search: false });
  const ran = [queue.next(MONDAY), queue.next(MONDAY + 1)].map((d) => (d.kind === 'run' ? d.task.id : d.kind));
  expect(ran.sort()).toEqual(['check', 'o1']);
  // New quiet hours (the forecast re-read) let it run, and are a change a forecast sees.
  const version = queue.version();
  queue.setQuietHours(NIGHTS);
  expect(queue.version()).toBeGreaterThan(version);
  expect(queue.next(MONDAY + 3 * HOUR_MS)).toMatchObject({ kind: 'run', task: { id: 'w1' } });
});

const quietSets = fc.array(fc.boolean(), { minLength: HOURS_OF_WEEK, maxLength: HOURS_OF_WEEK });
const arrivals = fc.array(
  fc.record({
    at: fc.integer({ min: 0, max: 3 * 24 * HOUR_MS }),
    kind: fc.constantFrom('order', 'watch-search', 'watch-view', 'internal'),
    account: fc.constantFrom('a', 'b', 'c'),
  }),
  { maxLength: 60 },
);

test('property: every idle start is in a quiet hour and ends (a search: its hour) by its stretch; waits move on; forecasts are the run', () => {
  fc.assert(
    fc.property(quietSets, arrivals, (hours, list) => {
      const quiet = createQuietHours(hours);
      const queue = queueWith(quiet);
      const tasks = list
        .map((arrival, i) => {
          const id = `t${i}`;
          const task: FairTask =
            arrival.kind === 'order'
              ? order(id, arrival.account)
              : arrival.kind === 'watch-search'
                ? watchSearch(id, arrival.account)
                : arrival.kind === 'watch-view'
                  ? watchView(id, arrival.account)
                  : { id, costMs: 5_000, search: false };
          return { at: MONDAY + arrival.at, task };
        })
        .sort((a, b) => a.at - b.at);
      let now = MONDAY;
      let index = 0;
      for (let steps = 0; steps < 10_000; steps++) {
        while (index < tasks.length && (tasks[index] as { at: number }).at <= now) {
          queue.enqueue((tasks[index++] as { task: FairTask }).task);
        }
        const nextArrival = tasks[index]?.at ?? Number.POSITIVE_INFINITY;
        // With nothing arriving before it, the forecast from the decision instant is what then runs.
        const anchor = queue.decidesAt(now);
        expect(anchor).toBeGreaterThanOrEqual(now);
        const forecast = anchor < nextArrival ? queue.forecast(anchor) : undefined;
        const decision = queue.next(now);
        if (decision.kind === 'run') {
          expect(anchor).toBe(now);
          const { task } = decision;
          if (task.idle === true) {
            // A search's rolling hour under the ceiling, too, ends within the stretch.
            const span = task.search ? Math.max(task.costMs, HOUR_MS) : task.costMs;
            expect(now + span).toBeLessThanOrEqual(quiet.stretchEndAt(now) ?? Number.NEGATIVE_INFINITY);
          }
          if (forecast !== undefined) expect(forecast.get(task.id)).toBe(now);
          now += task.costMs;
        } else if (decision.kind === 'wait') {
          expect(decision.until).toBeGreaterThan(now);
          expect(anchor).toBe(decision.until);
          now = Math.min(decision.until, nextArrival);
        } else {
          expect(anchor).toBe(now);
          if (nextArrival === Number.POSITIVE_INFINITY) break;
          now = nextArrival;
        }
      }
      // What is left is idle work no quiet stretch of the week can hold.
      expect(index).toBe(tasks.length);
      // (A view needs its cost to fit; a search, its hour.)
      const left = [...queue.forecast(now, undefined).keys()];
      expect(left).toEqual([]);
      if (queue.size() > 0) expect(quiet.nextFit(now, HOUR_MS)).toBeUndefined();
    }),
    { numRuns: 150 },
  );
});
