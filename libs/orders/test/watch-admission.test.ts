import type { WatchFrequencia } from '@regapi/contracts';
import fc from 'fast-check';
import {
  ADMISSION_MARGIN,
  admitWatch,
  type CapacityForecast,
  type DemandWindow,
  firstShortfall,
  forecastIdleCapacity,
  HOUR_MS,
  HOURS_OF_WEEK,
  type RunTimes,
  TYPICAL_RUN_MS,
  type WatchLoad,
  watchDemand,
  watchWindows,
} from '../src';

// Admission control of watches (docs/decisions/0152, 0163): the runs of every watch must fit the idle capacity of their
// windows with the 80 % margin; a refusal names the most frequent schedule that fits.

const WEEK_MS = HOURS_OF_WEEK * HOUR_MS;
/** Monday 2026-03-09 00:00 in Brasília: bucket 0. */
const MONDAY = Date.parse('2026-03-09T03:00:00.000Z');
const SETTINGS = { hourlySearchCeiling: 50, idleSearchReserve: 10 };
const RUN_MS: RunTimes = TYPICAL_RUN_MS;
const SEARCH_MS = RUN_MS['pesquisa-previa-bens'];

const empty = (): CapacityForecast => forecastIdleCapacity({ from: MONDAY, to: MONDAY, samples: [] }, SETTINGS);

/** A forecast from one observed week in which `busy(bucket)` says whether the hour was saturated by customers. */
function forecastWhere(busy: (bucket: number) => boolean): CapacityForecast {
  const samples = Array.from({ length: HOURS_OF_WEEK }, (_, bucket) =>
    busy(bucket) ? { hourStart: MONDAY + bucket * HOUR_MS, busyMs: HOUR_MS, searches: 50 } : undefined,
  ).filter((sample) => sample !== undefined);
  return forecastIdleCapacity({ from: MONDAY, to: MONDAY + WEEK_MS, samples }, SETTINGS);
}

const personWatch = (frequencia: WatchFrequencia, plannedAt = MONDAY + 10 * HOUR_MS, calls = 1): WatchLoad => ({
  frequencia,
  fonte: 'pesquisa-previa-bens',
  calls,
  plannedAt,
});

test('the windows of decision 0152: daily 24 h tiling the week, weekly 72 h, monthly 168 h, in whole hours', () => {
  const daily = watchWindows(personWatch('diaria', MONDAY + 10 * HOUR_MS, 3), RUN_MS);
  expect(daily.map((w) => w.start)).toEqual([10, 34, 58, 82, 106, 130, 154]);
  expect(daily.every((w) => w.hours === 24 && w.sessionMs === 3 * SEARCH_MS && w.searches === 3)).toBe(true);
  expect(watchWindows(personWatch('semanal'), RUN_MS)).toEqual([
    { start: 10, hours: 72, sessionMs: SEARCH_MS, searches: 1 },
  ]);
  expect(watchWindows(personWatch('mensal'), RUN_MS)).toEqual([
    { start: 10, hours: 168, sessionMs: SEARCH_MS, searches: 1 },
  ]);
  // Planned at 10:30: the window's first whole hour is 11:00, and it ends at 10:30 the next day.
  expect(watchWindows(personWatch('semanal', MONDAY + 10.5 * HOUR_MS), RUN_MS)[0]).toMatchObject({
    start: 11,
    hours: 71,
  });
  // A record view places no search; a week wraps around.
  const record = watchWindows(
    { frequencia: 'semanal', fonte: 'visualizacao-matricula', calls: 1, plannedAt: MONDAY - HOUR_MS },
    RUN_MS,
  );
  expect(record).toEqual([{ start: 167, hours: 72, sessionMs: RUN_MS['visualizacao-matricula'], searches: 0 }]);
  expect(() => watchWindows(personWatch('diaria', MONDAY, 0), RUN_MS)).toThrow(RangeError);
});

test('with an empty history the searches under the ceiling minus the reserve bound the daily person watches', () => {
  // Per day, 24 h × (50 − 10) searches × 80 % = 768 one-UF daily searches; the session (24 h × 80 % / 72 s = 960)
  // is not the bound.
  const forecast = empty();
  const existing = watchDemand(
    Array.from({ length: 767 }, () => personWatch('diaria')),
    RUN_MS,
  );
  expect(admitWatch(existing, personWatch('diaria'), forecast, RUN_MS)).toEqual({ admitted: true });
  const full = watchDemand(
    Array.from({ length: 768 }, () => personWatch('diaria')),
    RUN_MS,
  );
  const refused = admitWatch(full, personWatch('diaria'), forecast, RUN_MS);
  expect(refused).toMatchObject({ admitted: false, fits: undefined, shortfall: { resource: 'searches' } });
  // The same watch planned at another hour still needs a slot in a day the others fill: refused too.
  expect(admitWatch(full, personWatch('diaria', MONDAY + 3 * HOUR_MS), forecast, RUN_MS).admitted).toBe(false);
  // A record view needs no search: the session time has room.
  const view: WatchLoad = { frequencia: 'semanal', fonte: 'visualizacao-matricula', calls: 1, plannedAt: MONDAY };
  expect(admitWatch(full, view, forecast, RUN_MS)).toEqual({ admitted: true });
});

test('only the quiet hours count: a busy hour with room to spare adds nothing, and the refusal names what fits', () => {
  // Decision 0174: the queue starts no watch run in an hour whose forecast interactive time is over 10 % of it. Every
  // hour but Tuesday's is busy 12 minutes with 5 searches: room for 48 minutes and 35 searches an hour, none of it
  // usable; Tuesday is quiet.
  const samples = Array.from({ length: HOURS_OF_WEEK }, (_, bucket) => ({
    hourStart: MONDAY + bucket * HOUR_MS,
    busyMs: bucket >= 24 && bucket < 48 ? 0 : 12 * 60_000,
    searches: bucket >= 24 && bucket < 48 ? 0 : 5,
  }));
  const forecast = forecastIdleCapacity({ from: MONDAY, to: MONDAY + WEEK_MS, samples }, SETTINGS);
  expect(forecast.quiet.filter(Boolean)).toHaveLength(24);
  expect(admitWatch({ windows: [] }, personWatch('diaria'), forecast, RUN_MS)).toMatchObject({
    admitted: false,
    fits: 'semanal',
    shortfall: { resource: 'session', allowed: 0 },
  });
  // Planned Monday 10:00, the weekly window reaches Tuesday: 23 h × 40 searches × 80 % = 736 there (Tuesday 23:00
  // is the stretch's last hour: no idle search, its rolling hour would reach Wednesday's customers).
  const weekly = (n: number) =>
    watchDemand(
      Array.from({ length: n }, () => personWatch('semanal')),
      RUN_MS,
    );
  expect(admitWatch(weekly(735), personWatch('semanal'), forecast, RUN_MS)).toEqual({ admitted: true });
  // The week's only quiet day holds no more for a monthly one either.
  expect(admitWatch(weekly(736), personWatch('semanal'), forecast, RUN_MS)).toMatchObject({
    admitted: false,
    fits: undefined,
    shortfall: { resource: 'searches', demand: 737, allowed: 736 },
  });
});

test('a week of full backlog: nothing fits, and the refusal says so', () => {
  const forecast = forecastWhere(() => true);
  for (const frequencia of ['diaria', 'semanal', 'mensal'] as const) {
    expect(admitWatch({ windows: [] }, personWatch(frequencia), forecast, RUN_MS)).toMatchObject({
      admitted: false,
      fits: undefined,
    });
  }
});

test('a refusal names the most frequent schedule that fits', () => {
  // Customers saturate every hour but Tuesday's: a daily run planned Monday 10:00 has nothing in its Monday window,
  // a weekly one's 72 h reach Tuesday.
  const onlyTuesday = forecastWhere((bucket) => bucket < 24 || bucket >= 48);
  expect(admitWatch({ windows: [] }, personWatch('diaria'), onlyTuesday, RUN_MS)).toMatchObject({
    admitted: false,
    fits: 'semanal',
    shortfall: { resource: 'session', demand: SEARCH_MS, allowed: 0 },
  });
  expect(admitWatch({ windows: [] }, personWatch('semanal'), onlyTuesday, RUN_MS)).toEqual({ admitted: true });
  // Only the weekend idle: neither the daily nor the weekly window (Monday to Thursday) has room; the monthly has.
  const weekendOnly = forecastWhere((bucket) => bucket < 5 * 24);
  expect(admitWatch({ windows: [] }, personWatch('diaria'), weekendOnly, RUN_MS)).toMatchObject({ fits: 'mensal' });
  expect(admitWatch({ windows: [] }, personWatch('semanal'), weekendOnly, RUN_MS)).toMatchObject({ fits: 'mensal' });
  // Asked monthly and refused: nothing less frequent exists.
  expect(
    admitWatch(
      { windows: [] },
      personWatch('mensal'),
      forecastWhere(() => true),
      RUN_MS,
    ),
  ).toMatchObject({
    fits: undefined,
  });
});

/** Two quiet hours a week, Monday 10:00–12:00: 40 idle searches (none at 11:00, the stretch's last hour), 7,200 s. */
const twoHours = () => forecastWhere((bucket) => bucket !== 10 && bucket !== 11);

test('the margin: demand up to 80 % of a stretch idle capacity fits, more does not', () => {
  // 80 % of two quiet hours: 32 searches and 5,760 s.
  const runs = (calls: number): WatchLoad => ({ ...personWatch('mensal'), calls });
  expect(admitWatch({ windows: [] }, runs(32), twoHours(), RUN_MS)).toEqual({ admitted: true });
  expect(admitWatch({ windows: [] }, runs(33), twoHours(), RUN_MS)).toMatchObject({
    admitted: false,
    shortfall: { resource: 'searches', demand: 33, allowed: 32 },
  });
  // Record views: 5,760 s / 60 s = 96 fit, 97 do not.
  const views = (calls: number): WatchLoad => ({ ...runs(calls), fonte: 'visualizacao-matricula' });
  expect(admitWatch({ windows: [] }, views(96), twoHours(), RUN_MS)).toEqual({ admitted: true });
  expect(admitWatch({ windows: [] }, views(97), twoHours(), RUN_MS)).toMatchObject({
    admitted: false,
    shortfall: { resource: 'session', demand: 97 * 60_000, allowed: 2 * ADMISSION_MARGIN * HOUR_MS },
  });
});

test('the last quiet hour before a busy one holds no idle search, but its session time serves record views', () => {
  // Decision 0174: an idle search counts under the rolling ceiling for an hour, so none starts in a stretch's last
  // hour; the queue holds it (fair-queue.quiet-hours.test.ts). One quiet hour (Monday 10:00) is only a last hour.
  const oneHour = forecastWhere((bucket) => bucket !== 10);
  expect(oneHour.quiet[10]).toBe(true);
  expect(oneHour.idleSearches.every((count) => count === 0)).toBe(true);
  expect(admitWatch({ windows: [] }, personWatch('mensal'), oneHour, RUN_MS)).toMatchObject({
    admitted: false,
    fits: undefined,
    shortfall: { resource: 'searches', demand: 1, allowed: 0 },
  });
  const views = (calls: number): WatchLoad => ({ ...personWatch('mensal'), fonte: 'visualizacao-matricula', calls });
  expect(admitWatch({ windows: [] }, views(48), oneHour, RUN_MS)).toEqual({ admitted: true });
  expect(admitWatch({ windows: [] }, views(49), oneHour, RUN_MS).admitted).toBe(false);
});

test('the demand of the existing watches counts, and measured run times set it', () => {
  const oneHour = twoHours();
  const existing = watchDemand([{ ...personWatch('mensal'), calls: 30 }], RUN_MS);
  expect(admitWatch(existing, { ...personWatch('semanal'), calls: 2 }, oneHour, RUN_MS)).toEqual({ admitted: true });
  expect(admitWatch(existing, { ...personWatch('semanal'), calls: 3 }, oneHour, RUN_MS).admitted).toBe(false);
  // Record views measured at 2 min each: 48 fit in 80 % of the two hours, not 49.
  const slow: RunTimes = { ...RUN_MS, 'visualizacao-matricula': 120_000 };
  const views = (calls: number): WatchLoad => ({
    frequencia: 'mensal',
    fonte: 'visualizacao-matricula',
    calls,
    plannedAt: MONDAY + 10 * HOUR_MS,
  });
  expect(admitWatch({ windows: [] }, views(48), oneHour, slow)).toEqual({ admitted: true });
  expect(admitWatch({ windows: [] }, views(49), oneHour, slow).admitted).toBe(false);
});

test('monthly runs share the whole week: together they may exceed it though each fits', () => {
  // An empty history: the week holds 168 h × 40 searches × 80 % = 5,376 idle searches.
  const monthly = (hour: number, calls: number): WatchLoad => ({
    ...personWatch('mensal', MONDAY + hour * HOUR_MS),
    calls,
  });
  const existing = watchDemand([monthly(0, 2_700)], RUN_MS);
  expect(admitWatch(existing, monthly(50, 2_676), empty(), RUN_MS)).toEqual({ admitted: true });
  expect(admitWatch(existing, monthly(50, 2_677), empty(), RUN_MS)).toMatchObject({
    admitted: false,
    fits: undefined,
    shortfall: { resource: 'searches', hours: HOURS_OF_WEEK, demand: 5_377 },
  });
});

/** The demand-bound test, naively: every stretch, every window checked for being inside it. */
function naiveFits(windows: readonly DemandWindow[], forecast: CapacityForecast): boolean {
  for (let length = 1; length <= HOURS_OF_WEEK; length++) {
    for (let from = 0; from < HOURS_OF_WEEK; from++) {
      const inside = windows.filter(
        (w) => length === HOURS_OF_WEEK || ((w.start - from + HOURS_OF_WEEK) % HOURS_OF_WEEK) + w.hours <= length,
      );
      let session = 0;
      let searches = 0;
      for (let h = 0; h < length; h++) {
        session += forecast.idleSessionMs[(from + h) % HOURS_OF_WEEK] as number;
        searches += forecast.idleSearches[(from + h) % HOURS_OF_WEEK] as number;
      }
      if (inside.reduce((sum, w) => sum + w.sessionMs, 0) > ADMISSION_MARGIN * session) return false;
      if (inside.reduce((sum, w) => sum + w.searches, 0) > ADMISSION_MARGIN * searches) return false;
    }
  }
  return true;
}

const frequencias = fc.constantFrom<WatchFrequencia>('diaria', 'semanal', 'mensal');
const watchArb = fc.record({
  frequencia: frequencias,
  fonte: fc.constantFrom('pesquisa-previa-bens' as const, 'visualizacao-matricula' as const),
  calls: fc.integer({ min: 1, max: 12 }),
  plannedAt: fc.integer({ min: MONDAY, max: MONDAY + WEEK_MS - 1 }),
});
/** A forecast from one week whose hours are idle, half busy or saturated; how busy the week is varies by case. */
const forecastArb = fc.integer({ min: 1, max: 8 }).chain((busiest) =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: busiest }), fc.integer({ min: 0, max: 50 })), {
      minLength: HOURS_OF_WEEK,
      maxLength: HOURS_OF_WEEK,
    })
    .map((hours) =>
      forecastIdleCapacity(
        {
          from: MONDAY,
          to: MONDAY + WEEK_MS,
          samples: hours.map(([level, searches], bucket) => ({
            hourStart: MONDAY + bucket * HOUR_MS,
            busyMs: (Math.min(level, 2) * HOUR_MS) / 2,
            searches: level === 0 ? 0 : searches,
          })),
        },
        SETTINGS,
      ),
    ),
);

/** Measured run times from the typical ones to 40 times slower (a slow registry): the session becomes the bound. */
const slowness = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 40 })).map(
  (factor): RunTimes => ({
    'pesquisa-previa-bens': RUN_MS['pesquisa-previa-bens'] * factor,
    'visualizacao-matricula': RUN_MS['visualizacao-matricula'] * factor,
    'certidao-inteiro-teor': RUN_MS['certidao-inteiro-teor'] * factor,
  }),
);

test('property: admission is exactly the demand-bound test, and a refusal names the first slower schedule that fits', () => {
  const seen = { admitted: 0, refused: 0 };
  fc.assert(
    fc.property(
      fc.array(watchArb, { maxLength: 12 }),
      watchArb,
      forecastArb,
      slowness,
      (others, watch, forecast, runMs) => {
        const existing = watchDemand(others, runMs);
        // The existing watches were admitted: they fit on their own.
        fc.pre(firstShortfall(existing.windows, forecast) === undefined);
        const with_ = (frequencia: WatchFrequencia) => [
          ...existing.windows,
          ...watchWindows({ ...watch, frequencia }, runMs),
        ];
        const result = admitWatch(existing, watch, forecast, runMs);
        expect(result.admitted).toBe(naiveFits(with_(watch.frequencia), forecast));
        seen[result.admitted ? 'admitted' : 'refused']++;
        if (!result.admitted) {
          const order: WatchFrequencia[] = ['diaria', 'semanal', 'mensal'];
          const slower = order.slice(order.indexOf(watch.frequencia) + 1);
          expect(result.fits).toBe(slower.find((frequencia) => naiveFits(with_(frequencia), forecast)));
        }
      },
    ),
    { numRuns: 50, endOnFailure: true },
  );
  // The workloads exercise both answers (the schedule a refusal names is checked case by case above).
  expect(seen.admitted).toBeGreaterThan(0);
  expect(seen.refused).toBeGreaterThan(0);
});

test('property: a watch admitted at a frequency is admitted at every slower one', () => {
  fc.assert(
    fc.property(
      fc.array(watchArb, { maxLength: 20 }),
      watchArb,
      forecastArb,
      slowness,
      (others, watch, forecast, runMs) => {
        const existing = watchDemand(others, runMs);
        const order: WatchFrequencia[] = ['diaria', 'semanal', 'mensal'];
        const admitted = order.map((frequencia) => admitWatch(existing, { ...watch, frequencia }, forecast, runMs));
        admitted.forEach((result, i) => {
          if (result.admitted) for (const later of admitted.slice(i + 1)) expect(later.admitted).toBe(true);
        });
      },
    ),
    { numRuns: 100, endOnFailure: true },
  );
});
