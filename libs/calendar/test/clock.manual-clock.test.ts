import { ManualClock, systemClock } from '@regapi/calendar';

const START = new Date('2025-06-02T12:00:00.000Z');

test('a manual clock stands still until told to move', () => {
  const clock = new ManualClock(START);
  expect(clock.now().toISOString()).toBe(START.toISOString());
  expect(clock.now().toISOString()).toBe(START.toISOString());
});

test('advance moves forward by milliseconds and returns the new now', () => {
  const clock = new ManualClock(START);
  expect(clock.advance(90 * 60_000).toISOString()).toBe('2025-06-02T13:30:00.000Z');
  expect(clock.now().toISOString()).toBe('2025-06-02T13:30:00.000Z');
  clock.advance(-30 * 60_000);
  expect(clock.now().toISOString()).toBe('2025-06-02T13:00:00.000Z');
});

test('set jumps to any instant, backwards included', () => {
  const clock = new ManualClock(START);
  clock.set(new Date('2030-01-01T00:00:00.000Z'));
  expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  clock.set(new Date('2020-01-01T00:00:00.000Z'));
  expect(clock.now().toISOString()).toBe('2020-01-01T00:00:00.000Z');
});

test('mutating a returned Date or the start Date does not move the clock', () => {
  const start = new Date(START.getTime());
  const clock = new ManualClock(start);
  start.setUTCFullYear(1999);
  clock.now().setUTCFullYear(1999);
  expect(clock.now().toISOString()).toBe(START.toISOString());
});

test.each([
  ['an invalid start', () => new ManualClock(new Date('nope'))],
  ['an invalid set', () => new ManualClock(START).set(new Date(Number.NaN))],
  ['a non-finite advance', () => new ManualClock(START).advance(Number.POSITIVE_INFINITY)],
])('%s is rejected', (_what, act) => {
  expect(act).toThrow(RangeError);
});

test('the system clock reads the machine time', () => {
  const before = Date.now();
  const now = systemClock.now().getTime();
  expect(now).toBeGreaterThanOrEqual(before);
  expect(now).toBeLessThanOrEqual(Date.now());
});
