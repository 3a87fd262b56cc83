import {
  createQuietHours,
  forecastIdleCapacity,
  HOUR_MS,
  HOURS_OF_WEEK,
  hourOfWeek,
  TYPICAL_RUN_MS,
} from '@regapi/orders';
import { dailyWatches, largestAdmitted } from '../admission';
import { interactiveArrivals, WEEK_SHAPE } from '../business-week';
import { type RunSettings, runWeeks } from '../week-run';

// The pure pieces of `pnpm bench monitoring`, on small spans: deterministic, nothing timed.
const MONDAY = Date.parse('2026-11-30T03:00:00Z');
const WEEK = HOURS_OF_WEEK * HOUR_MS;
const settings = (to: number): RunSettings => ({
  from: MONDAY,
  to,
  measureFrom: MONDAY,
  hourlySearchCeiling: 50,
  idleSearchReserve: 10,
  runMs: TYPICAL_RUN_MS,
  windowMs: 24 * HOUR_MS,
  seed: 2,
});

describe('bench monitoring', () => {
  it('draws the same seeded arrivals twice, busier at the weekday peak than at night', () => {
    const options = { from: MONDAY, to: MONDAY + WEEK, peakPerHour: 40, accounts: 5, seed: 7 };
    const orders = interactiveArrivals(options);
    expect(interactiveArrivals(options)).toEqual(orders);
    const inBucket = (bucket: number) => orders.filter((order) => hourOfWeek(order.at) % 24 === bucket).length;
    expect(MONDAY % HOUR_MS).toBe(0);
    expect(hourOfWeek(MONDAY)).toBe(0);
    expect(inBucket(10)).toBeGreaterThan(5 * inBucket(3));
    expect(WEEK_SHAPE).toHaveLength(HOURS_OF_WEEK);
  });

  it('starts every admitted run in its window on an idle origin, and makes runs late past the reserve', () => {
    const to = MONDAY + 2 * 24 * HOUR_MS;
    const forecast = forecastIdleCapacity(
      { from: MONDAY, to: MONDAY, samples: [] },
      { hourlySearchCeiling: 50, idleSearchReserve: 10 },
    );
    const admitted = largestAdmitted(dailyWatches(2_000, 'burst', MONDAY, 3), forecast, TYPICAL_RUN_MS);
    // Decision 0163: with an empty history, 24 h × (50 − 10) searches × 80 %.
    expect(admitted.n).toBe(768);
    const fits = runWeeks([], dailyWatches(admitted.n, 'burst', MONDAY, 3), settings(to));
    expect(fits.watchRuns).toEqual({ planned: 2 * 768, started: 2 * 768, late: 0 });
    // 40 searches an hour at most: 1,000 runs planned at one instant cannot all start within 24 h.
    const over = runWeeks([], dailyWatches(1_000, 'burst', MONDAY, 3), settings(to));
    expect(over.watchRuns.late).toBeGreaterThan(0);
    expect(over.watchRuns.started + over.watchRuns.late).toBe(over.watchRuns.planned);
  });

  it('starts watch runs only in the quiet hours, their rolling hour within their stretch (decision 0174); admitted ones are not late', () => {
    // Quiet 00–08 and 20–24 in Brasília; 300 daily runs at Monday 09:00 wait for 20:00 beside a day of customers.
    const quietHours = createQuietHours(
      Array.from({ length: HOURS_OF_WEEK }, (_, bucket) => bucket % 24 < 8 || bucket % 24 >= 20),
    );
    const to = MONDAY + 2 * 24 * HOUR_MS;
    const orders = interactiveArrivals({ from: MONDAY, to, peakPerHour: 40, accounts: 5, seed: 3 });
    const result = runWeeks(orders, dailyWatches(300, 'burst', MONDAY, 3), { ...settings(to), quietHours });
    expect(result.watchRuns).toEqual({ planned: 600, started: 600, late: 0 });
    // Each run is a search: it starts at least an hour before its stretch ends, so its place under the rolling
    // ceiling is free again when the customers' hours begin.
    for (const [start] of result.watchSpans) {
      expect(start + HOUR_MS).toBeLessThanOrEqual(quietHours.stretchEndAt(start) ?? Number.NEGATIVE_INFINITY);
    }
    expect(Math.max(...result.watchSpans.map(([start]) => hourOfWeek(start) % 24))).toBe(23);
    expect(result.watchSpans.some(([start]) => hourOfWeek(start) % 24 === 7)).toBe(false);
    // The first at 20:00, or once the customer order then in service ends.
    const first = Math.min(...result.watchSpans.map(([start]) => start));
    expect(first).toBeGreaterThanOrEqual(MONDAY + 20 * HOUR_MS);
    expect(first).toBeLessThan(MONDAY + 20 * HOUR_MS + 10 * 60_000);
    // Every hour quiet (the default): the first run starts at 09:00 beside the customers.
    const anyHour = runWeeks(orders, dailyWatches(300, 'burst', MONDAY, 3), settings(to));
    expect(Math.min(...anyHour.watchSpans.map(([start]) => start))).toBeLessThan(MONDAY + 10 * HOUR_MS);
  });

  it('waits for no watch without watches, and never starts an order before its acceptance', () => {
    const to = MONDAY + 24 * HOUR_MS;
    const orders = interactiveArrivals({ from: MONDAY, to, peakPerHour: 40, accounts: 5, seed: 3 });
    const result = runWeeks(orders, [], settings(to));
    expect(result.waits.size).toBe(orders.length);
    expect(Math.min(...result.waits.values())).toBeGreaterThanOrEqual(0);
    expect(result.heldByWatchRun.size).toBe(0);
    expect(Math.max(...result.load.map((sample) => sample.searches))).toBeLessThanOrEqual(50);
  });
});
