import {
  FORECAST_WEEKS,
  forecastIdleCapacity,
  HOUR_MS,
  HOURS_OF_WEEK,
  hourOfWeek,
  type LoadSample,
  percentile,
  QUIET_HOUR_SHARE,
  quietBuckets,
} from '../src';

// The idle capacity forecast per hour of the week (docs/decisions/0152, 0163): the 90th percentile of the last weeks'
// interactive load, and what it leaves under the hour and the ceiling minus the reserve in the quiet hours (decision
// 0174): a busy hour leaves nothing.

const WEEK_MS = HOURS_OF_WEEK * HOUR_MS;
/** Monday 2026-03-09 00:00 in Brasília (03:00 UTC): bucket 0. */
const MONDAY = Date.parse('2026-03-09T03:00:00.000Z');
const SETTINGS = { hourlySearchCeiling: 50, idleSearchReserve: 10 };
/** Four whole weeks of history ending on a Monday 00:00 in Brasília. */
const TO = MONDAY + 4 * WEEK_MS;
const FROM = MONDAY;

test('hour of the week: Monday 00:00 in Brasília is 0, Sunday 23:00 is 167, whatever the UTC day', () => {
  expect(hourOfWeek(MONDAY)).toBe(0);
  expect(hourOfWeek(MONDAY - 1)).toBe(167);
  expect(hourOfWeek(MONDAY + 59 * 60_000)).toBe(0);
  expect(hourOfWeek(Date.parse('2026-03-11T13:00:00.000Z'))).toBe(2 * 24 + 10);
  expect(hourOfWeek(Date.parse('2026-03-15T02:30:00.000Z'))).toBe(5 * 24 + 23);
  expect(hourOfWeek(MONDAY + 3 * WEEK_MS + 5 * HOUR_MS)).toBe(5);
});

test('nearest-rank 90th percentile: of up to 9 values the largest; of 10, the ninth', () => {
  expect(percentile([], 0.9)).toBe(0);
  expect(percentile([3, 1, 2, 4], 0.9)).toBe(4);
  expect(percentile([10, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0.9)).toBe(9);
});

test('an empty history leaves every hour whole and the ceiling minus the reserve', () => {
  for (const history of [
    { from: TO, to: TO, samples: [] },
    { from: FROM, to: TO, samples: [] },
  ]) {
    const forecast = forecastIdleCapacity(history, SETTINGS);
    expect(forecast.idleSessionMs).toEqual(new Array(HOURS_OF_WEEK).fill(HOUR_MS));
    expect(forecast.idleSearches).toEqual(new Array(HOURS_OF_WEEK).fill(40));
    expect(forecast.quiet).toEqual(new Array(HOURS_OF_WEEK).fill(true));
  }
  expect(forecastIdleCapacity({ from: TO, to: TO, samples: [] }, SETTINGS).weeksObserved).toEqual(
    new Array(HOURS_OF_WEEK).fill(0),
  );
});

test('each bucket takes the busiest of its four weeks; an hour without a sample was idle', () => {
  // Wednesday 10:00 (bucket 58) busy 1, 2, 3 and 4 minutes in the four weeks, with 5, 30, 12, 8 searches.
  const bucket = 2 * 24 + 10;
  const samples: LoadSample[] = [1, 2, 3, 4].map((minutes, week) => ({
    hourStart: FROM + week * WEEK_MS + bucket * HOUR_MS,
    busyMs: minutes * 60_000,
    searches: [5, 30, 12, 8][week] as number,
  }));
  // Thursday 10:00 busy in one week only, 5 minutes with 3 searches.
  samples.push({ hourStart: FROM + 2 * WEEK_MS + (bucket + 24) * HOUR_MS, busyMs: 5 * 60_000, searches: 3 });
  const forecast = forecastIdleCapacity({ from: FROM, to: TO, samples }, SETTINGS);
  expect(forecast.interactiveBusyMs[bucket]).toBe(4 * 60_000);
  expect(forecast.idleSessionMs[bucket]).toBe(56 * 60_000);
  expect(forecast.interactiveSearches[bucket]).toBe(30);
  expect(forecast.idleSearches[bucket]).toBe(10);
  expect(forecast.idleSessionMs[bucket + 24]).toBe(55 * 60_000);
  expect(forecast.idleSearches[bucket + 24]).toBe(37);
  expect(forecast.idleSessionMs[bucket + 1]).toBe(HOUR_MS);
  expect(forecast.quiet).toEqual(new Array(HOURS_OF_WEEK).fill(true));
  expect(forecast.weeksObserved).toEqual(new Array(HOURS_OF_WEEK).fill(FORECAST_WEEKS));
});

test('hours before the history began are unobserved, not idle: a busy first week is the whole forecast', () => {
  // The platform has run for one week: every hour of it busy for 5 minutes with 20 searches.
  const from = TO - WEEK_MS;
  const samples = Array.from({ length: HOURS_OF_WEEK }, (_, i) => ({
    hourStart: from + i * HOUR_MS,
    busyMs: 5 * 60_000,
    searches: 20,
  }));
  const forecast = forecastIdleCapacity({ from, to: TO, samples }, SETTINGS);
  expect(forecast.idleSessionMs).toEqual(new Array(HOURS_OF_WEEK).fill(55 * 60_000));
  expect(forecast.idleSearches).toEqual(new Array(HOURS_OF_WEEK).fill(20));
  expect(forecast.weeksObserved).toEqual(new Array(HOURS_OF_WEEK).fill(1));
  // Samples outside [from, to) are ignored.
  const outside = forecastIdleCapacity(
    { from, to: TO, samples: [{ hourStart: from - HOUR_MS, busyMs: HOUR_MS, searches: 50 }] },
    SETTINGS,
  );
  expect(outside.idleSessionMs[hourOfWeek(from - HOUR_MS)]).toBe(HOUR_MS);
});

test('an hour busier than the quiet share has no idle capacity at all; one at the share is quiet', () => {
  // Decision 0174: the queue starts no watch run in a busy hour, so admission counts none of its idle time.
  const share = QUIET_HOUR_SHARE * HOUR_MS;
  const from = TO - WEEK_MS;
  const samples: LoadSample[] = [
    { hourStart: from + 8 * HOUR_MS, busyMs: share, searches: 4 },
    { hourStart: from + 9 * HOUR_MS, busyMs: share, searches: 4 },
    { hourStart: from + 10 * HOUR_MS, busyMs: share + 1, searches: 4 },
    { hourStart: from + 11 * HOUR_MS, busyMs: 40 * 60_000, searches: 30 },
  ];
  const forecast = forecastIdleCapacity({ from, to: TO, samples }, SETTINGS);
  expect(forecast.quiet.slice(8, 13)).toEqual([true, true, false, false, true]);
  expect(forecast.idleSessionMs.slice(8, 13)).toEqual([HOUR_MS - share, HOUR_MS - share, 0, 0, HOUR_MS]);
  // 09:00 is the last quiet hour before a busy one: its idle searches would count in 10:00's rolling ceiling.
  expect(forecast.idleSearches.slice(8, 13)).toEqual([36, 0, 0, 0, 40]);
  expect(forecast.quiet).toEqual(quietBuckets(forecast.interactiveBusyMs));
  expect(forecast.quiet.filter((quiet) => !quiet)).toHaveLength(2);
  expect(() => quietBuckets([0])).toThrow(RangeError);
});

test('only the last four weeks count when more history is given', () => {
  const from = TO - 6 * WEEK_MS;
  // Saturated six and five weeks ago; idle since.
  const samples = Array.from({ length: 2 * HOURS_OF_WEEK }, (_, i) => ({
    hourStart: from + i * HOUR_MS,
    busyMs: HOUR_MS,
    searches: 50,
  }));
  const forecast = forecastIdleCapacity({ from, to: TO, samples }, SETTINGS);
  expect(forecast.idleSessionMs).toEqual(new Array(HOURS_OF_WEEK).fill(HOUR_MS));
  expect(forecast.weeksObserved).toEqual(new Array(HOURS_OF_WEEK).fill(FORECAST_WEEKS));
});

test('a week of full backlog leaves nothing: no session time, no search', () => {
  const from = TO - WEEK_MS;
  const samples = Array.from({ length: HOURS_OF_WEEK }, (_, i) => ({
    hourStart: from + i * HOUR_MS,
    busyMs: HOUR_MS,
    searches: 50,
  }));
  const forecast = forecastIdleCapacity({ from, to: TO, samples }, SETTINGS);
  expect(forecast.idleSessionMs).toEqual(new Array(HOURS_OF_WEEK).fill(0));
  expect(forecast.idleSearches).toEqual(new Array(HOURS_OF_WEEK).fill(0));
});

test('settings and history are checked', () => {
  const empty = { from: TO, to: TO, samples: [] };
  expect(() => forecastIdleCapacity(empty, { hourlySearchCeiling: 50, idleSearchReserve: 50 })).toThrow(RangeError);
  expect(() => forecastIdleCapacity(empty, { hourlySearchCeiling: 0, idleSearchReserve: 0 })).toThrow(RangeError);
  expect(() => forecastIdleCapacity({ from: TO + 1, to: TO, samples: [] }, SETTINGS)).toThrow(RangeError);
  expect(forecastIdleCapacity(empty, { hourlySearchCeiling: 50, idleSearchReserve: 0 }).idleSearches[0]).toBe(50);
});
