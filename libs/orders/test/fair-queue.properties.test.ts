import fc from 'fast-check';
import { createFairQueue, type FairQueue, type FairQueueOptions, type FairTask } from '../src';

/**
 * The fair scheduler's properties on a driven clock (docs/decisions/0085): tasks arrive at given instants, the session
 * runs one task at a time for its duration, and the queue decides every start. Hours of origin time in milliseconds.
 */

const HOUR = 3_600_000;
const SEARCH_MS = 72_000;

interface Arrival {
  readonly at: number;
  readonly task: FairTask;
}

interface Start {
  readonly task: FairTask;
  readonly at: number;
  readonly arrivedAt: number;
}

interface Run {
  readonly starts: Start[];
  /** Times the queue said "wait" while a non-search task was queued (must never happen). */
  readonly idleWithWork: number;
}

/** Runs the arrivals to the end: every decision at the session's free instant, a wait jumps the clock. */
function simulate(queue: FairQueue, arrivals: readonly Arrival[], durationOf = (task: FairTask) => task.costMs): Run {
  const pending = [...arrivals].sort((a, b) => a.at - b.at);
  const arrived = new Map<string, number>();
  const queued = new Map<string, FairTask>();
  const starts: Start[] = [];
  let idleWithWork = 0;
  let now = 0;
  let index = 0;
  for (;;) {
    while (index < pending.length && (pending[index] as Arrival).at <= now) {
      const { at, task } = pending[index++] as Arrival;
      queue.enqueue(task);
      arrived.set(task.id, at);
      queued.set(task.id, task);
    }
    const nextArrival = pending[index]?.at ?? Number.POSITIVE_INFINITY;
    const decision = queue.next(now);
    if (decision.kind === 'run') {
      queued.delete(decision.task.id);
      starts.push({ task: decision.task, at: now, arrivedAt: arrived.get(decision.task.id) ?? Number.NaN });
      now += durationOf(decision.task);
    } else if (decision.kind === 'wait') {
      if ([...queued.values()].some((task) => !task.search)) idleWithWork++;
      expect(decision.until).toBeGreaterThan(now);
      now = Math.min(decision.until, nextArrival);
    } else {
      expect(queued.size).toBe(0);
      if (index >= pending.length) return { starts, idleWithWork };
      now = nextArrival;
    }
  }
}

const kinds = [
  { search: true, costMs: SEARCH_MS },
  { search: false, costMs: 60_000 },
  { search: false, costMs: 10_000 },
] as const;

/** A random workload: accounts a0..a(n-1) (and internal work), arrivals within `spanMs`. */
function workload(maxTasks: number, spanMs: number) {
  return fc
    .array(
      fc.record({
        at: fc.integer({ min: 0, max: spanMs }),
        account: fc.integer({ min: -1, max: 5 }),
        kind: fc.integer({ min: 0, max: 2 }),
      }),
      { minLength: 1, maxLength: maxTasks },
    )
    .map((items) =>
      items.map(({ at, account, kind }, i): Arrival => {
        const shape = kinds[kind] ?? kinds[1];
        const task: FairTask =
          account < 0
            ? { id: `t${i}`, costMs: 5_000 + (i % 3) * 20_000, search: false }
            : { id: `t${i}`, account: `a${account}`, costMs: shape.costMs, search: shape.search };
        return { at, task };
      }),
    );
}

const weights = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 6, maxLength: 6 });
const options = (limit: number, w: readonly number[], internalShare = 0.1): FairQueueOptions => ({
  hourlySearchCeiling: limit,
  internalShare,
  weightOf: (account) => w[Number(account.slice(1))] ?? 1,
});

function searchStarts(run: Run): number[] {
  return run.starts.filter((start) => start.task.search).map((start) => start.at);
}

test('property: every task runs, no rolling hour holds more searches than the ceiling, nothing idles with work', () => {
  fc.assert(
    fc.property(
      workload(150, 4 * HOUR),
      weights,
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 40 }),
      (arrivals, w, limit, speed) => {
        // `speed` shrinks run times, so the ceiling, not the session, is the bottleneck (an instant simulator).
        const run = simulate(createFairQueue(options(limit, w)), arrivals, (task) => Math.ceil(task.costMs / speed));
        expect(run.starts.map((start) => start.task.id).sort()).toEqual(arrivals.map((a) => a.task.id).sort());
        expect(run.idleWithWork).toBe(0);
        const searches = searchStarts(run);
        for (const at of searches) {
          expect(searches.filter((other) => other > at - HOUR && other <= at).length).toBeLessThanOrEqual(limit);
        }
        for (const start of run.starts) expect(start.at).toBeGreaterThanOrEqual(start.arrivedAt);
      },
    ),
    { numRuns: 150 },
  );
});

test('under a search backlog every full hour holds exactly the ceiling: 50, never 51, and none fails', () => {
  const arrivals: Arrival[] = [];
  for (let i = 0; i < 300; i++) {
    arrivals.push({ at: 0, task: { id: `s${i}`, account: `a${i % 3}`, costMs: SEARCH_MS, search: true } });
  }
  // The simulator answers in one second: the ceiling alone paces the searches.
  const run = simulate(createFairQueue({ hourlySearchCeiling: 50 }), arrivals, () => 1_000);
  const searches = searchStarts(run);
  expect(searches).toHaveLength(300);
  for (const at of searches) {
    if (at + HOUR > (searches[searches.length - 1] as number)) break;
    expect(searches.filter((other) => other >= at && other < at + HOUR)).toHaveLength(50);
  }
  // Three equal accounts share the slots: in each block of 50 they differ by at most one search.
  for (let block = 0; block < 6; block++) {
    const counts = [0, 0, 0];
    for (const start of run.starts.slice(block * 50, block * 50 + 48)) {
      const account = Number(start.task.account?.slice(1));
      counts[account] = (counts[account] ?? 0) + 1;
    }
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  }
});

test('property: FIFO within an account (searches among themselves, the rest among themselves; all when unhindered)', () => {
  fc.assert(
    fc.property(workload(120, 2 * HOUR), weights, fc.integer({ min: 1, max: 10 }), (arrivals, w, limit) => {
      const order = new Map(arrivals.map((arrival, i) => [arrival.task.id, [arrival.at, i] as const]));
      const earlier = (a: FairTask, b: FairTask): boolean => {
        const [atA, iA] = order.get(a.id) ?? [0, 0];
        const [atB, iB] = order.get(b.id) ?? [0, 0];
        return atA < atB || (atA === atB && iA < iB);
      };
      const check = (run: Run, sameLane: (a: FairTask, b: FairTask) => boolean): void => {
        run.starts.forEach((later, j) => {
          for (const before of run.starts.slice(0, j)) {
            const key = (task: FairTask) => task.account ?? 'internal';
            if (key(before.task) === key(later.task) && sameLane(before.task, later.task)) {
              expect(earlier(later.task, before.task)).toBe(false);
            }
          }
        });
      };
      check(simulate(createFairQueue(options(limit, w)), arrivals), (a, b) => a.search === b.search);
      check(simulate(createFairQueue(options(10_000, w)), arrivals), () => true);
    }),
    { numRuns: 100 },
  );
});

test('property: backlogged accounts get session time in proportion to their weights (SFQ bound)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 2, maxLength: 6 }),
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 40, maxLength: 40 }),
      (w, kindsOf) => {
        const arrivals: Arrival[] = [];
        w.forEach((_, account) => {
          for (let i = 0; i < 200; i++) {
            const shape = kinds[kindsOf[(i + account) % 40] ?? 1] ?? kinds[1];
            arrivals.push({
              at: 0,
              task: { id: `a${account}-${i}`, account: `a${account}`, costMs: shape.costMs, search: false },
            });
          }
        });
        const queue = createFairQueue(options(50, w));
        const run = simulate(queue, arrivals);
        // While every account is still backlogged (the first 200 starts), normalized service differs by at most
        // one largest task each.
        const served = w.map(() => 0);
        const maxCost = 72_000;
        let worst = 0;
        for (const start of run.starts.slice(0, 200)) {
          const account = Number(start.task.account?.slice(1));
          served[account] = (served[account] ?? 0) + start.task.costMs;
          for (let a = 0; a < w.length; a++) {
            for (let b = 0; b < w.length; b++) {
              const wa = w[a] ?? 1;
              const wb = w[b] ?? 1;
              const gap = Math.abs((served[a] ?? 0) / wa - (served[b] ?? 0) / wb);
              worst = Math.max(worst, gap / (maxCost / wa + maxCost / wb));
            }
          }
        }
        expect(worst).toBeLessThanOrEqual(1 + 1e-9);
      },
    ),
    { numRuns: 40 },
  );
});

test('property: a small account is never behind a big backlog by more than one round', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 9 }),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 10, maxLength: 10 }),
      fc.integer({ min: 0, max: 20 * HOUR }),
      fc.boolean(),
      (big, w, arrivesAt, searches) => {
        const arrivals: Arrival[] = [];
        for (let account = 0; account < big; account++) {
          for (let i = 0; i < 300; i++) {
            arrivals.push({
              at: 0,
              task: { id: `b${account}-${i}`, account: `a${account}`, costMs: SEARCH_MS, search: searches },
            });
          }
        }
        arrivals.push({ at: arrivesAt, task: { id: 'small', account: 'a9', costMs: SEARCH_MS, search: searches } });
        const run = simulate(createFairQueue(options(50, w)), arrivals, () => (searches ? 1_000 : SEARCH_MS));
        const index = run.starts.findIndex((start) => start.task.id === 'small');
        const small = run.starts[index] as Start;
        const ahead = run.starts.slice(0, index).filter((start) => start.at >= arrivesAt);
        // At most one task of each other active account starts between its arrival and its start (a round), plus
        // the decision already made at the instant it arrived.
        expect(ahead.length).toBeLessThanOrEqual(big + 1);
        // Without the ceiling in play, a round is one task per account in time too.
        if (!searches) expect(small.at).toBeLessThanOrEqual(arrivesAt + (big + 1) * SEARCH_MS);
      },
    ),
    { numRuns: 100 },
  );
});

test('property: internal work gets its bounded share, never less when backlogged, never more when customers are', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }).map((tenths) => tenths / 20),
      fc.integer({ min: 1, max: 5 }),
      (share, accounts) => {
        const arrivals: Arrival[] = [];
        for (let i = 0; i < 300; i++) {
          arrivals.push({ at: 0, task: { id: `i${i}`, costMs: 5_000 + (i % 4) * 15_000, search: false } });
          for (let account = 0; account < accounts; account++) {
            arrivals.push({
              at: 0,
              task: { id: `c${account}-${i}`, account: `a${account}`, costMs: 60_000, search: false },
            });
          }
        }
        const run = simulate(createFairQueue({ hourlySearchCeiling: 50, internalShare: share }), arrivals);
        let internal = 0;
        let customers = 0;
        for (const start of run.starts.slice(0, 250)) {
          if (start.task.account === undefined) internal += start.task.costMs;
          else customers += start.task.costMs;
          const gap = Math.abs(internal / share - customers / (1 - share));
          expect(gap).toBeLessThanOrEqual(50_000 / share + 60_000 / (1 - share) + 1e-6);
        }
      },
    ),
    { numRuns: 40 },
  );
});

test('property: an internal task is never starved: it starts within its share of the work queued ahead of it', () => {
  fc.assert(
    fc.property(workload(150, 3 * HOUR), weights, fc.integer({ min: 1, max: 12 }), (arrivals, w, limit) => {
      const share = 0.1;
      const run = simulate(createFairQueue(options(limit, w, share)), arrivals);
      const internal = run.starts.filter((start) => start.task.account === undefined);
      for (const start of internal) {
        const ahead = internal
          .filter((other) => other.at < start.at && other.at + other.task.costMs > start.arrivedAt)
          .reduce((sum, other) => sum + other.task.costMs, 0);
        const bound = (45_000 + ahead + start.task.costMs) / share + 2 * SEARCH_MS;
        expect(start.at - start.arrivedAt).toBeLessThanOrEqual(bound);
      }
    }),
    { numRuns: 100 },
  );
});

test('property: the forecast is the schedule the queue then runs (when tasks take their expected time)', () => {
  fc.assert(
    fc.property(workload(100, 0), weights, fc.integer({ min: 1, max: 10 }), (arrivals, w, limit) => {
      const queue = createFairQueue(options(limit, w));
      const [last, ...rest] = [...arrivals].reverse();
      for (const arrival of rest.reverse()) queue.enqueue(arrival.task);
      const forecast = last === undefined ? new Map() : queue.forecast(0, last.task);
      if (last !== undefined) queue.enqueue(last.task);
      const run = simulate(queue, []);
      expect(new Map(run.starts.map((start) => [start.task.id, start.at]))).toEqual(forecast);
    }),
    { numRuns: 100 },
  );
});

test('a search held by the ceiling waits (never fails) while other work runs; the queue says until when', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 2 });
  queue.searchStarted(-50 * 60_000);
  queue.searchStarted(-10 * 60_000);
  queue.enqueue({ id: 's', account: 'a', costMs: SEARCH_MS, search: true });
  queue.enqueue({ id: 'v', account: 'a', costMs: 60_000, search: false });
  expect(queue.next(0)).toEqual({ kind: 'run', task: expect.objectContaining({ id: 'v' }) });
  expect(queue.next(60_000)).toEqual({ kind: 'wait', until: 10 * 60_000 });
  expect(queue.next(10 * 60_000)).toEqual({ kind: 'run', task: expect.objectContaining({ id: 's' }) });
  expect(queue.next(10 * 60_000 + 1)).toEqual({ kind: 'idle' });
});

test('a removed task never runs; weights and costs are checked at the edge', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50, weightOf: (account) => (account === 'z' ? 0 : 1) });
  queue.enqueue({ id: 'x', account: 'a', costMs: 1_000, search: false });
  queue.enqueue({ id: 'y', account: 'a', costMs: 1_000, search: false });
  expect(queue.remove('x')).toBe(true);
  expect(queue.remove('x')).toBe(false);
  expect(queue.next(0)).toEqual({ kind: 'run', task: expect.objectContaining({ id: 'y' }) });
  expect(queue.size()).toBe(0);
  expect(() => queue.enqueue({ id: 'w', account: 'z', costMs: 1_000, search: false })).toThrow(RangeError);
  expect(() => queue.enqueue({ id: 'c', account: 'a', costMs: 0, search: false })).toThrow(RangeError);
  expect(() => createFairQueue({ hourlySearchCeiling: 0 })).toThrow(RangeError);
});

test('property: a restart rebuilds the queue from what is queued and the hour of searches: each task runs once, the ceiling holds', () => {
  fc.assert(
    fc.property(
      workload(120, 2 * HOUR),
      weights,
      fc.integer({ min: 1, max: 8 }),
      fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 4 }),
      (arrivals, w, limit, crashes) => {
        // The fairness state is soft: a new process starts from the queued tasks in acceptance order and the search
        // attempts of the last hour (what PostgreSQL holds), so only the order of fair ties may differ after it.
        const pending = [...arrivals].sort((a, b) => a.at - b.at);
        const started: Start[] = [];
        let queue = createFairQueue(options(limit, w));
        const queued: FairTask[] = [];
        let now = 0;
        let index = 0;
        let decisions = 0;
        for (;;) {
          while (index < pending.length && (pending[index] as Arrival).at <= now) {
            const { task } = pending[index++] as Arrival;
            queue.enqueue(task);
            queued.push(task);
          }
          if (crashes.includes(++decisions % 61)) {
            queue = createFairQueue(options(limit, w));
            for (const task of queued) queue.enqueue(task);
            for (const start of started) if (start.task.search) queue.searchStarted(start.at);
          }
          const decision = queue.next(now);
          if (decision.kind === 'run') {
            queued.splice(queued.indexOf(decision.task), 1);
            started.push({ task: decision.task, at: now, arrivedAt: 0 });
            now += decision.task.costMs / 10;
          } else if (decision.kind === 'wait') {
            now = Math.min(decision.until, pending[index]?.at ?? Number.POSITIVE_INFINITY);
          } else if (index < pending.length) {
            now = (pending[index] as Arrival).at;
          } else break;
        }
        expect(started.map((start) => start.task.id).sort()).toEqual(arrivals.map((a) => a.task.id).sort());
        const searches = started.filter((start) => start.task.search).map((start) => start.at);
        for (const at of searches) {
          expect(searches.filter((other) => other > at - HOUR && other <= at).length).toBeLessThanOrEqual(limit);
        }
      },
    ),
    { numRuns: 100 },
  );
});
