import fc from 'fast-check';
import { type AccountBacklog, createFairQueue, type FairTask, fairStartEstimate } from '../src';

/** The acceptance's estimate from aggregates against the fair queue's own forecast (docs/decisions/0086). */

const VIEW_MS = 60_000;
const CHECK_MS = 20_000;

test('property: the estimate from the backlog is within one task per active account of the forecast', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ weight: fc.integer({ min: 1, max: 5 }), tasks: fc.integer({ min: 0, max: 40 }) }), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.integer({ min: 0, max: 15 }),
      fc.nat(),
      (accounts, internalTasks, pick) => {
        const share = 0.1;
        const queue = createFairQueue({
          hourlySearchCeiling: 50,
          internalShare: share,
          weightOf: (account) => accounts[Number(account.slice(1))]?.weight ?? 1,
        });
        const backlog = new Map<string, AccountBacklog>();
        accounts.forEach(({ weight, tasks }, a) => {
          for (let i = 0; i < tasks; i++)
            queue.enqueue({ id: `a${a}-${i}`, account: `a${a}`, costMs: VIEW_MS, search: false });
          backlog.set(`a${a}`, { weight, workMs: tasks * VIEW_MS, searches: 0 });
        });
        for (let i = 0; i < internalTasks; i++) queue.enqueue({ id: `i${i}`, costMs: CHECK_MS, search: false });
        const account = pick % accounts.length;
        const fresh: FairTask = { id: 'new', account: `a${account}`, costMs: VIEW_MS, search: false };
        const forecast = queue.forecast(0, fresh).get('new');
        const estimate = fairStartEstimate(
          {
            accounts: backlog,
            internalWorkMs: internalTasks * CHECK_MS,
            internalShare: share,
            searchesStarted: [],
            hourlySearchCeiling: 50,
          },
          { account: `a${account}`, weight: accounts[account]?.weight ?? 1, search: false },
          0,
        );
        expect(forecast).toBeDefined();
        const active = accounts.filter((a) => a.tasks > 0).length;
        expect(Math.abs(estimate - (forecast ?? 0))).toBeLessThanOrEqual((active + 1) * VIEW_MS + 2 * CHECK_MS);
      },
    ),
    { numRuns: 200 },
  );
});

test('a search behind the full ceiling is estimated at its slot, after the searches of its round', () => {
  const hour = 3_600_000;
  const started = Array.from({ length: 50 }, (_, i) => -hour + 1_000 + i * 1_000);
  const backlog = {
    accounts: new Map<string, AccountBacklog>([
      ['big', { weight: 1, workMs: 1_000 * 72_000, searches: 1_000 }],
      ['small', { weight: 1, workMs: 0, searches: 0 }],
    ]),
    internalWorkMs: 0,
    internalShare: 0.1,
    searchesStarted: started,
    hourlySearchCeiling: 50,
  };
  // FIFO would put it after 1,000 searches (20 hours); fair share puts it in the next round of slots.
  expect(fairStartEstimate(backlog, { account: 'small', weight: 1, search: true }, 0)).toBe(1_000);
  const queue = createFairQueue({ hourlySearchCeiling: 50 });
  for (const at of started) queue.searchStarted(at);
  for (let i = 0; i < 1_000; i++) queue.enqueue({ id: `b${i}`, account: 'big', costMs: 72_000, search: true });
  const forecast = queue.forecast(0, { id: 'new', account: 'small', costMs: 72_000, search: true }, () => 1);
  expect(forecast.get('new')).toBeLessThanOrEqual(2_000);
  expect(fairStartEstimate(backlog, { account: 'big', weight: 1, search: true }, 0)).toBeGreaterThan(19 * hour);
});
