import fc from 'fast-check';
import { nextPlannedRun, plannedRunAt, projectedMonthCentavos, runAfter, runWindowMs } from '../src/watches/schedule';

// The planned runs of a watch (docs/decisions/0161): UTC, counted from the creation instant; monthly is the same day
// of the month, clamped to the month's last day, never drifting after a short month.

const at = (iso: string) => new Date(iso);

test('the first run is the creation instant; daily and weekly add whole days', () => {
  const anchor = at('2026-03-10T14:30:00.000Z');
  expect(nextPlannedRun(anchor, 'diaria', anchor)).toEqual(anchor);
  expect(runAfter(anchor, 'diaria', anchor)).toEqual(at('2026-03-11T14:30:00.000Z'));
  expect(runAfter(anchor, 'semanal', anchor)).toEqual(at('2026-03-17T14:30:00.000Z'));
  // UTC: Brazil has no daylight saving now, but the schedule would not move with it anyway.
  expect(plannedRunAt(anchor, 'diaria', 30)).toEqual(at('2026-04-09T14:30:00.000Z'));
});

test('monthly: the same day next month, clamped to the last day, from the anchor (no drift)', () => {
  const anchor = at('2026-01-31T09:00:00.000Z');
  expect(plannedRunAt(anchor, 'mensal', 1)).toEqual(at('2026-02-28T09:00:00.000Z'));
  expect(plannedRunAt(anchor, 'mensal', 2)).toEqual(at('2026-03-31T09:00:00.000Z'));
  expect(plannedRunAt(anchor, 'mensal', 3)).toEqual(at('2026-04-30T09:00:00.000Z'));
  expect(plannedRunAt(at('2028-01-29T00:00:00.000Z'), 'mensal', 1)).toEqual(at('2028-02-29T00:00:00.000Z'));
  expect(plannedRunAt(anchor, 'mensal', 11)).toEqual(at('2026-12-31T09:00:00.000Z'));
  expect(plannedRunAt(anchor, 'mensal', 12)).toEqual(at('2027-01-31T09:00:00.000Z'));
  expect(runAfter(anchor, 'mensal', at('2026-02-28T09:00:00.000Z'))).toEqual(at('2026-03-31T09:00:00.000Z'));
});

test('resuming keeps the schedule: the next planned instant at or after now', () => {
  const anchor = at('2026-03-10T14:30:00.000Z');
  expect(nextPlannedRun(anchor, 'semanal', at('2026-03-20T00:00:00.000Z'))).toEqual(at('2026-03-24T14:30:00.000Z'));
  expect(nextPlannedRun(anchor, 'semanal', at('2026-03-24T14:30:00.000Z'))).toEqual(at('2026-03-24T14:30:00.000Z'));
  expect(nextPlannedRun(anchor, 'mensal', at('2026-05-11T00:00:00.000Z'))).toEqual(at('2026-06-10T14:30:00.000Z'));
});

test('the next planned run is the smallest planned instant at or after the bound, for any bound', () => {
  const instant = fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z'), noInvalidDate: true });
  fc.assert(
    fc.property(
      instant,
      fc.integer({ min: 0, max: 3 * 366 * 86_400_000 }),
      fc.constantFrom('diaria' as const, 'semanal' as const, 'mensal' as const),
      (anchor, later, frequencia) => {
        const bound = new Date(anchor.getTime() + later);
        const next = nextPlannedRun(anchor, frequencia, bound);
        expect(next.getTime()).toBeGreaterThanOrEqual(bound.getTime());
        let k = 0;
        while (plannedRunAt(anchor, frequencia, k) < next) k += 1;
        expect(plannedRunAt(anchor, frequencia, k)).toEqual(next);
        if (k > 0) expect(plannedRunAt(anchor, frequencia, k - 1).getTime()).toBeLessThan(bound.getTime());
      },
    ),
    { numRuns: 300 },
  );
});

test('the projected month: 30 daily runs, 30/7 weekly, 1 monthly, in whole centavos', () => {
  expect(projectedMonthCentavos(1250, 'pessoa', 'diaria')).toBe(37_500);
  expect(projectedMonthCentavos(1250, 'pessoa', 'semanal')).toBe(5357);
  expect(projectedMonthCentavos(700, 'pessoa', 'semanal')).toBe(3000);
  // A weekly record watch waits out each run's repeat block: every 8 days (decision 0177).
  expect(projectedMonthCentavos(1600, 'matricula', 'semanal')).toBe(6000);
  expect(projectedMonthCentavos(1250, 'pessoa', 'mensal')).toBe(1250);
  expect(() => projectedMonthCentavos(12.5, 'pessoa', 'mensal')).toThrow(RangeError);
});

test("on the sandbox's clock a schedule's period is scaled: a day lasts timeScale days, a month 30 of them", () => {
  const anchor = at('2026-03-10T14:30:00.000Z');
  const scale = 0.005;
  expect(runAfter(anchor, 'diaria', anchor, scale)).toEqual(new Date(anchor.getTime() + 432_000));
  expect(runAfter(anchor, 'semanal', anchor, scale)).toEqual(new Date(anchor.getTime() + 3_024_000));
  expect(runAfter(anchor, 'mensal', anchor, scale)).toEqual(new Date(anchor.getTime() + 12_960_000));
  expect(plannedRunAt(anchor, 'diaria', 10, scale)).toEqual(new Date(anchor.getTime() + 4_320_000));
  // Resuming finds the next instant of the same scaled schedule.
  expect(nextPlannedRun(anchor, 'diaria', new Date(anchor.getTime() + 432_001), scale)).toEqual(
    new Date(anchor.getTime() + 864_000),
  );
  expect(runWindowMs('diaria', scale)).toBe(432_000);
  expect(runWindowMs('mensal')).toBe(7 * 86_400_000);
});
