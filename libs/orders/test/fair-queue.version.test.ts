import fc from 'fast-check';
import { createFairQueue, type FairQueue, type FairTask } from '../src';

/**
 * What lets the schedule publisher skip a forecast when nothing moved (docs/decisions/0159): a forecast is a function
 * of the queue's version and of the instant its first decision is taken (`decidesAt`).
 */

const HOUR = 3_600_000;
const search = (id: string, account: string): FairTask => ({ id, account, costMs: 72_000, search: true });
const VIEW_MS = 60_000;
const view = (id: string, account: string): FairTask => ({ id, account, costMs: VIEW_MS, search: false });

const tasks = fc.array(fc.record({ account: fc.integer({ min: -1, max: 3 }), kind: fc.integer({ min: 0, max: 1 }) }), {
  minLength: 0,
  maxLength: 60,
});

/** Whether the queue's version changed since the last call (or since it was made). */
function versionMoves(queue: FairQueue): () => boolean {
  let version = queue.version();
  return () => {
    const before = version;
    version = queue.version();
    return version !== before;
  };
}

test('property: a forecast from `now` is the forecast from `decidesAt(now)`, and taking neither changes the version', () => {
  fc.assert(
    fc.property(
      tasks,
      fc.array(fc.integer({ min: 0, max: HOUR - 1 }), { maxLength: 8 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 2 * HOUR }),
      (items, ago, limit, offset) => {
        const now = HOUR + offset;
        const queue = createFairQueue({ hourlySearchCeiling: limit });
        queue.setSearchStarts(ago.map((a) => now - a));
        items.forEach(({ account, kind }, i) => {
          if (account < 0) queue.enqueue({ id: `i${i}`, costMs: 10_000, search: false });
          else queue.enqueue((kind === 0 ? search : view)(`t${i}`, `a${account}`));
        });
        const version = queue.version();
        const at = queue.decidesAt(now);
        expect(at).toBeGreaterThanOrEqual(now);
        expect(queue.forecast(now)).toEqual(queue.forecast(at));
        expect(queue.version()).toBe(version);
      },
    ),
    { numRuns: 200 },
  );
});

test('the version moves with every change a forecast sees, and not with a wait or the same hour read again', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 1 });
  const now = 10 * HOUR;
  const moved = versionMoves(queue);
  queue.enqueue(search('s1', 'a'));
  expect(moved()).toBe(true);
  queue.enqueue(search('s1', 'a')); // a known id is ignored
  expect(moved()).toBe(false);
  queue.setSearchStarts([now - 1_000]);
  expect(moved()).toBe(true);
  // The ceiling is closed: only a search queued, the decision is to wait until the hour reopens.
  expect(queue.decidesAt(now)).toBe(now - 1_000 + HOUR);
  expect(queue.next(now)).toEqual({ kind: 'wait', until: now - 1_000 + HOUR });
  queue.setSearchStarts([now - 1_000]); // the runner re-reads the same hour every second while it waits
  expect(moved()).toBe(false);
  // A record view may run now: the first decision is now.
  queue.enqueue(view('v1', 'b'));
  expect(moved()).toBe(true);
  expect(queue.decidesAt(now)).toBe(now);
  const decision = queue.next(now);
  expect(decision).toEqual({ kind: 'run', task: view('v1', 'b') });
  expect(moved()).toBe(true);
  queue.putBack(view('v1', 'b'));
  expect(moved()).toBe(true);
  expect(queue.remove('v1')).toBe(true);
  expect(moved()).toBe(true);
  expect(queue.remove('v1')).toBe(false);
  expect(moved()).toBe(false);
  queue.searchStarted(now);
  expect(moved()).toBe(true);
  // Empty: the forecast is empty whenever it is taken.
  queue.remove('s1');
  expect(queue.decidesAt(now)).toBe(now);
});

test('asking when a later first decision is taken (the end of the task in progress) leaves the ceiling of now alone', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 1 });
  const now = 10 * HOUR;
  queue.setSearchStarts([now - HOUR / 2]);
  queue.enqueue(search('s1', 'a'));
  // By then the start has left the window: the search may start at once.
  expect(queue.decidesAt(now + HOUR)).toBe(now + HOUR);
  // Now it still counts: the search waits for its slot.
  expect(queue.next(now)).toEqual({ kind: 'wait', until: now + HOUR / 2 });
});

const idleSearch = (id: string, account: string): FairTask => ({ ...search(id, account), idle: true });
const idleView = (id: string, account: string): FairTask => ({ ...view(id, account), idle: true });

test('property: with idle work (decision 0163) too, a forecast from `now` is the one from `decidesAt(now)`', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ account: fc.integer({ min: -1, max: 3 }), kind: fc.integer({ min: 0, max: 3 }) }), {
        maxLength: 40,
      }),
      fc.array(fc.integer({ min: 0, max: HOUR - 1 }), { maxLength: 8 }),
      fc.integer({ min: 2, max: 6 }),
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: 2 * HOUR }),
      (items, ago, limit, reserveSeed, offset) => {
        const now = HOUR + offset;
        const queue = createFairQueue({ hourlySearchCeiling: limit, idleSearchReserve: reserveSeed % limit });
        queue.setSearchStarts(ago.map((a) => now - a));
        items.forEach(({ account, kind }, i) => {
          if (account < 0) queue.enqueue({ id: `i${i}`, costMs: 10_000, search: false });
          else queue.enqueue([search, view, idleSearch, idleView][kind]?.(`t${i}`, `a${account}`) as FairTask);
        });
        const version = queue.version();
        const size = queue.size();
        const at = queue.decidesAt(now);
        expect(at).toBeGreaterThanOrEqual(now);
        const forecast = queue.forecast(now);
        expect(forecast).toEqual(queue.forecast(at));
        // The copy shared the entries and took every task: the queue itself still holds them all.
        expect(forecast.size).toBe(size);
        expect(queue.size()).toBe(size);
        expect(queue.forecast(now)).toEqual(forecast);
        expect(queue.version()).toBe(version);
        // And `decidesAt` is where `next` first hands a task out.
        const first = queue.next(now);
        if (at === now) expect(first.kind).toBe(size === 0 ? 'idle' : 'run');
        else expect(first).toEqual({ kind: 'wait', until: at });
      },
    ),
    { numRuns: 300 },
  );
});

test('a change in the idle lane moves the version: a publish must not skip it', () => {
  // Ceiling 3, reserve 1: an idle search may start while fewer than 2 started in the hour.
  const queue = createFairQueue({ hourlySearchCeiling: 3, idleSearchReserve: 1 });
  const now = 10 * HOUR;
  const moved = versionMoves(queue);
  queue.enqueue(idleSearch('w1', 'a'));
  expect(moved()).toBe(true);
  expect(queue.size()).toBe(1);
  expect(queue.forecast(now)).toEqual(new Map([['w1', now]]));
  expect(queue.decidesAt(now)).toBe(now);
  expect(queue.next(now)).toEqual({ kind: 'run', task: idleSearch('w1', 'a') });
  expect(moved()).toBe(true);
  expect(queue.size()).toBe(0);
  queue.putBack(idleSearch('w1', 'a'));
  expect(moved()).toBe(true);
  expect(queue.remove('w1')).toBe(true);
  expect(moved()).toBe(true);
  expect(queue.size()).toBe(0);

  // Two searches in the hour: the reserve holds an idle search, the ceiling would not; not "may start now".
  queue.setSearchStarts([now - 2_000, now - 1_000]);
  moved();
  queue.enqueue(idleSearch('w2', 'a'));
  expect(moved()).toBe(true);
  expect(queue.decidesAt(now)).toBe(now - 2_000 + HOUR);
  expect(queue.next(now)).toEqual({ kind: 'wait', until: now - 2_000 + HOUR });
  expect(moved()).toBe(false);
  // An idle record view needs no search: it may start now, and taking it moves the version.
  queue.enqueue(idleView('w3', 'b'));
  expect(moved()).toBe(true);
  expect(queue.size()).toBe(2);
  expect(queue.decidesAt(now)).toBe(now);
  expect(queue.next(now)).toEqual({ kind: 'run', task: idleView('w3', 'b') });
  expect(moved()).toBe(true);

  // A held interactive search: an idle view that ends by the ceiling's reopening may start now, a longer one not.
  const held = createFairQueue({ hourlySearchCeiling: 1, idleSearchReserve: 0 });
  held.setSearchStarts([now - HOUR + VIEW_MS]);
  held.enqueue(search('s1', 'c'));
  held.enqueue({ ...idleView('w4', 'a'), costMs: VIEW_MS + 1 });
  expect(held.decidesAt(now)).toBe(now + VIEW_MS);
  expect(held.forecast(now)).toEqual(held.forecast(now + VIEW_MS));
  held.remove('w4');
  held.enqueue(idleView('w5', 'a'));
  expect(held.decidesAt(now)).toBe(now);
  expect(held.forecast(now)).toEqual(
    new Map([
      ['w5', now],
      ['s1', now + VIEW_MS],
    ]),
  );
});
