import { addBusinessHours } from '@regapi/calendar';
import { DEFAULT_RECONCILER_SETTINGS, nextCheckAt, stepAfterCheck, watchSchedule } from '../src';

test('the documented schedule: 15 min doubling to 3.5 business hours, 24 checks, then a verdict one step later', () => {
  const steps = Array.from({ length: 24 }, (_, index) => stepAfterCheck(index + 1, DEFAULT_RECONCILER_SETTINGS));
  expect(steps.slice(0, 6)).toEqual([0.25, 0.5, 1, 2, 3.5, 3.5]);
  expect(new Set(steps.slice(4))).toEqual(new Set([3.5]));
  const offsets = watchSchedule(DEFAULT_RECONCILER_SETTINGS);
  // Check 1 at the forecast, check 24 at +70.25 business hours, the exhaustion verdict at +73.75 (10.5 business days).
  expect(offsets).toHaveLength(25);
  expect(offsets[0]).toBe(0);
  expect(offsets[23]).toBe(70.25);
  expect(offsets[24]).toBe(73.75);
});

test.each([
  ['São Paulo, inside the day', 'America/Sao_Paulo', '2026-03-11T17:00:00.000Z', 1, '2026-03-11T17:15:00.000Z'],
  [
    'São Paulo, across closing to the next morning',
    'America/Sao_Paulo',
    '2026-03-11T18:45:00.000Z',
    4,
    '2026-03-12T13:45:00.000Z',
  ],
  ['Manaus, an hour behind São Paulo', 'America/Manaus', '2026-03-11T19:30:00.000Z', 3, '2026-03-12T13:30:00.000Z'],
  ['Friday afternoon to Monday', 'America/Sao_Paulo', '2026-03-13T18:00:00.000Z', 5, '2026-03-16T14:30:00.000Z'],
  [
    'over Good Friday (national holiday)',
    'America/Sao_Paulo',
    '2026-04-02T18:00:00.000Z',
    5,
    '2026-04-06T14:30:00.000Z',
  ],
])('the next check lands in the office business hours: %s', (_name, timeZone, from, checks, expected) => {
  const at = nextCheckAt(new Date(from), checks, timeZone, DEFAULT_RECONCILER_SETTINGS);
  expect(at.toISOString()).toBe(expected);
  expect(at).toEqual(addBusinessHours(new Date(from), stepAfterCheck(checks, DEFAULT_RECONCILER_SETTINGS), timeZone));
});
