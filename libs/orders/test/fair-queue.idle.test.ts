import fc from 'fast-check';
import { createFairQueue, type FairQueue, type FairTask } from '../src';

/**
 * The fair queue's third level, idle work (watch runs, docs/decisions/0152 and 0163), on a driven clock: handed out
 * only when no customer and no internal task is eligible, an idle search only under the ceiling's reserve, fair among
 * idle accounts, and never counted ahead of an interactive task in a forecast.
 */

const HOUR = 3_600_000;
const SEARCH_MS = 72_000;
const VIEW_MS = 60_000;

const search = (id: string, account: string, idle = false): FairTask => ({
  id,
  account,
  costMs: SEARCH_MS,
  search: true,
  idle,
});
const view = (id: string, account: string, idle = false): FairTask => ({
  id,
  account,
  costMs: VIEW_MS,
  search: false,
  idle,
});

interface Arrival {
  readonly at: number;
  readonly task: FairTask;
}

interface Start {
  readonly task: FairTask;
  readonly at: number;
}

/**
 * Runs the arrivals to the end (each task for its cost) and checks at every idle start what the queue promised: no
 * interactive task queued could start then, an idle task ends before a held interactive search may, and an idle
 * search leaves the reserve.
 */
function simulate(queue: FairQueue, arrivals: readonly Arrival[], limit: number, reserve: number): Start[] {
  const pending = [...arrivals].sort((a, b) => a.at - b.at);
  const queued = new Map<string, FairTask>();
  const starts: Start[] = [];
  const searchesIn = (at: number): number =>
    starts.filter((start) => start.task.search && start.at > at - HOUR && start.at <= at).length;
  let now = 0;
  let index = 0;
  for (;;) {
    while (index < pending.length && (pending[index] as Arrival).at <= now) {
      const { task } = pending[index++] as Arrival;
      queue.enqueue(task);
      queued.set(task.id, task);
    }
    const nextArrival = pending[index]?.at ?? Number.POSITIVE_INFINITY;
    const decision = queue.next(now);
    if (decision.kind === 'run') {
      const task = decision.task;
      if (task.idle === true) {
        const interactive = [...queued.values()].filter((other) => other.idle !== true);
        // Every interactive task queued is a search the ceiling holds, and the idle task ends before it reopens.
        expect(interactive.every((other) => other.search)).toBe(true);
        if (interactive.length > 0) {
          expect(searchesIn(now)).toBeGreaterThanOrEqual(limit);
          const reopens = queue.searchOpensAt(now + task.costMs);
          expect(reopens).toBeGreaterThanOrEqual(now + task.costMs);
        }
        if (task.search) expect(searchesIn(now)).toBeLessThan(limit - reserve);
      }
      if (task.search) expect(searchesIn(now)).toBeLessThan(limit);
      queued.delete(task.id);
      starts.push({ task, at: now });
      now += task.costMs;
    } else if (decision.kind === 'wait') {
      expect(decision.until).toBeGreaterThan(now);
      now = Math.min(decision.until, nextArrival);
    } else {
      expect(queued.size).toBe(0);
      if (index >= pending.length) return starts;
      now = nextArrival;
    }
  }
}

/** A random workload of accounts a0..a3, interactive and idle, searches and views, and some internal work. */
function workload(maxTasks: number, spanMs: number) {
  return fc
    .array(
      fc.record({
        at: fc.integer({ min: 0, max: spanMs }),
        account: fc.integer({ min: -1, max: 3 }),
        isSearch: fc.boolean(),
        idle: fc.boolean(),
      }),
      { minLength: 1, maxLength: maxTasks },
    )
    .map((items) =>
      items.map(({ at, account, isSearch, idle }, i): Arrival => {
        if (account < 0) return { at, task: { id: `t${i}`, costMs: 5_000, search: false } };
        const make = isSearch ? search : view;
        return { at, task: make(`t${i}`, `a${account}`, idle) };
      }),
    );
}

test('property: idle work runs only when nothing interactive can, within the reserve; everything runs', () => {
  fc.assert(
    fc.property(
      workload(120, 3 * HOUR),
      fc.integer({ min: 2, max: 12 }),
      fc.integer({ min: 0, max: 11 }),
      (arrivals, limit, wanted) => {
        const reserve = Math.min(wanted, limit - 1);
        const starts = simulate(
          createFairQueue({ hourlySearchCeiling: limit, idleSearchReserve: reserve }),
          arrivals,
          limit,
          reserve,
        );
        expect(starts.map((start) => start.task.id).sort()).toEqual(arrivals.map((a) => a.task.id).sort());
      },
    ),
    { numRuns: 150 },
  );
});

test('interactive work queued at once always goes before idle work queued earlier', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50 });
  for (let i = 0; i < 5; i++) queue.enqueue(view(`w${i}`, 'watcher', true));
  queue.enqueue(view('i0', 'customer'));
  queue.enqueue(search('i1', 'other'));
  queue.enqueue({ id: 'internal', costMs: 5_000, search: false });
  const order: string[] = [];
  for (let decision = queue.next(0); decision.kind === 'run'; decision = queue.next(0)) order.push(decision.task.id);
  expect(order.slice(0, 3).sort()).toEqual(['i0', 'i1', 'internal']);
  expect(order.slice(3)).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']);
});

test('an interactive order accepted while idle work is queued starts next', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50 });
  for (let i = 0; i < 3; i++) queue.enqueue(search(`w${i}`, 'watcher', true));
  const first = queue.next(0);
  expect(first).toMatchObject({ kind: 'run', task: { id: 'w0' } });
  // Accepted while the watch run is in progress and two more are queued.
  queue.enqueue(view('interactive', 'customer'));
  expect(queue.next(SEARCH_MS)).toMatchObject({ kind: 'run', task: { id: 'interactive' } });
  expect(queue.next(SEARCH_MS + VIEW_MS)).toMatchObject({ kind: 'run', task: { id: 'w1' } });
});

test('the reserve holds: with 41 searches in the rolling hour no idle search is handed out, an interactive one is', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: 10 });
  const now = 10 * HOUR;
  // 41 searches one minute apart, the oldest 50 minutes ago.
  const starts = Array.from({ length: 41 }, (_, i) => now - 50 * 60_000 + i * 60_000);
  queue.setSearchStarts(starts);
  queue.enqueue(search('watch', 'watcher', true));
  // Until two of them leave the window (fewer than 40 must remain): the second oldest's hour.
  const reopens = (starts[1] as number) + HOUR;
  expect(queue.next(now)).toEqual({ kind: 'wait', until: reopens });
  queue.enqueue(search('interactive', 'customer'));
  expect(queue.next(now)).toMatchObject({ kind: 'run', task: { id: 'interactive' } });
  // Now 42 in the hour: three must leave before the idle search may start.
  expect(queue.next(now + 1)).toEqual({ kind: 'wait', until: (starts[2] as number) + HOUR });
  expect(queue.next((starts[2] as number) + HOUR)).toMatchObject({ kind: 'run', task: { id: 'watch' } });
});

test('with 39 searches in the hour an idle search starts; an idle view is never held by the reserve', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: 10 });
  const now = 10 * HOUR;
  queue.setSearchStarts(Array.from({ length: 39 }, (_, i) => now - 40 * 60_000 + i * 60_000));
  queue.enqueue(search('watch-search', 'watcher', true));
  expect(queue.next(now)).toMatchObject({ kind: 'run', task: { id: 'watch-search' } });
  queue.enqueue(search('watch-search-2', 'watcher', true));
  queue.enqueue(view('watch-view', 'watcher', true));
  expect(queue.next(now + 1)).toMatchObject({ kind: 'run', task: { id: 'watch-view' } });
  expect(queue.next(now + 2).kind).toBe('wait');
});

test('while the ceiling holds an interactive search, idle work runs only if it ends before the slot reopens', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 2, idleSearchReserve: 1 });
  queue.setSearchStarts([0, 1_000]);
  queue.enqueue(search('interactive', 'customer'));
  queue.enqueue(view('watch-view', 'watcher', true));
  // The slot reopens at 1 h: a 60 s idle view started 30 s before would delay it.
  expect(queue.next(HOUR - 30_000)).toEqual({ kind: 'wait', until: HOUR });
  expect(queue.next(HOUR - VIEW_MS)).toMatchObject({ kind: 'run', task: { id: 'watch-view' } });
  expect(queue.next(HOUR)).toMatchObject({ kind: 'run', task: { id: 'interactive' } });
});

test('idle work is fair among accounts: a newcomer behind a backlog of 30 runs in the next round', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50, weightOf: () => 1 });
  for (let i = 0; i < 30; i++) queue.enqueue(view(`big${i}`, 'big', true));
  const order: string[] = [];
  let now = 0;
  const step = (): void => {
    const decision = queue.next(now);
    if (decision.kind !== 'run') throw new Error(`expected a run, got ${decision.kind}`);
    order.push(decision.task.id);
    now += decision.task.costMs;
  };
  for (let i = 0; i < 5; i++) step();
  for (let i = 0; i < 3; i++) queue.enqueue(view(`small${i}`, 'small', true));
  for (let i = 0; i < 6; i++) step();
  // The newcomer starts at the idle level's virtual time, below the big one's tag: first, then alternating.
  expect(order.slice(5)).toEqual(['small0', 'big5', 'small1', 'big6', 'small2', 'big7']);
});

test('idle work is shared by weight like customers', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50, weightOf: (account) => (account === 'heavy' ? 3 : 1) });
  for (let i = 0; i < 40; i++) {
    queue.enqueue(view(`h${i}`, 'heavy', true));
    queue.enqueue(view(`l${i}`, 'light', true));
  }
  const firstTwenty: string[] = [];
  for (let i = 0; i < 20; i++) {
    const decision = queue.next(i * VIEW_MS);
    if (decision.kind === 'run') firstTwenty.push(decision.task.id);
  }
  expect(firstTwenty.filter((id) => id.startsWith('h')).length).toBe(15);
});

test('property: a forecast never counts idle work ahead of an interactive task', () => {
  fc.assert(
    fc.property(
      workload(80, 0),
      fc.integer({ min: 2, max: 12 }),
      fc.array(fc.integer({ min: 0, max: HOUR - 1 }), { maxLength: 12 }),
      (arrivals, limit, recent) => {
        const now = 5 * HOUR;
        const starts = recent.map((ago) => now - ago);
        const everything = createFairQueue({ hourlySearchCeiling: limit, idleSearchReserve: limit - 1 });
        const interactiveOnly = createFairQueue({ hourlySearchCeiling: limit, idleSearchReserve: limit - 1 });
        everything.setSearchStarts(starts);
        interactiveOnly.setSearchStarts(starts);
        for (const { task } of arrivals) {
          everything.enqueue(task);
          if (task.idle !== true) interactiveOnly.enqueue(task);
        }
        const withIdle = everything.forecast(now);
        const without = interactiveOnly.forecast(now);
        for (const [id, start] of without) expect(withIdle.get(id)).toBe(start);
        // Every task is forecast, the idle ones included, and the forecast is what `next` then does.
        expect(withIdle.size).toBe(arrivals.length);
        let at = now;
        for (let decision = everything.next(at); decision.kind !== 'idle'; decision = everything.next(at)) {
          if (decision.kind === 'wait') at = decision.until;
          else {
            expect(withIdle.get(decision.task.id)).toBe(at);
            at += decision.task.costMs;
          }
        }
      },
    ),
    { numRuns: 150 },
  );
});

test('an idle search held by the reserve makes the forecast wait for the reserve, not the ceiling', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: 10 });
  const now = 10 * HOUR;
  const starts = Array.from({ length: 45 }, (_, i) => now - 45 * 60_000 + i * 60_000);
  queue.setSearchStarts(starts);
  queue.enqueue(search('watch', 'watcher', true));
  queue.enqueue(search('interactive', 'customer'));
  const forecast = queue.forecast(now);
  expect(forecast.get('interactive')).toBe(now);
  // 46 counted after the interactive one: 7 must leave the hour before fewer than 40 remain.
  expect(forecast.get('watch')).toBe((starts[6] as number) + HOUR);
});

test('the reserve must leave idle work some searches', () => {
  expect(() => createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: 50 })).toThrow(RangeError);
  expect(() => createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: -1 })).toThrow(RangeError);
  expect(() => createFairQueue({ hourlySearchCeiling: 50, idleSearchReserve: 2.5 })).toThrow(RangeError);
  expect(() => createFairQueue({ hourlySearchCeiling: 1 })).not.toThrow();
});
