import fc from 'fast-check';
import { ceilingSlot, ceilingSlots } from '../src';

const HOUR = 3_600_000;
const T0 = new Date('2026-03-11T13:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

test('below the ceiling every search starts now', () => {
  expect(ceilingSlots([at(-10_000), at(-5_000)], 3, T0, 5)).toEqual([T0, T0, T0]);
});

test('at the ceiling the next start is when the oldest run of the window turns one hour old', () => {
  const past = [at(-50 * 60_000), at(-40 * 60_000), at(-30 * 60_000)];
  expect(ceilingSlots(past, 4, T0, 3)).toEqual([at(10 * 60_000), at(20 * 60_000), at(30 * 60_000), at(70 * 60_000)]);
});

test('runs older than an hour do not count', () => {
  expect(ceilingSlots([at(-HOUR), at(-HOUR - 1)], 1, T0, 1)).toEqual([T0]);
});

test('property: merged with the past, no rolling hour holds more than the limit; slots never go back', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -HOUR + 1, max: 0 }), { maxLength: 80 }),
      fc.integer({ min: 1, max: 120 }),
      fc.integer({ min: 1, max: 60 }),
      (offsets, count, limit) => {
        const past = [...offsets].sort((a, b) => a - b).map(at);
        const slots = ceilingSlots(past, count, T0, limit);
        expect(slots).toHaveLength(count);
        for (let i = 1; i < slots.length; i++) {
          expect((slots[i] as Date).getTime()).toBeGreaterThanOrEqual((slots[i - 1] as Date).getTime());
        }
        expect(slots.every((slot) => slot >= T0)).toBe(true);
        const all = [...past, ...slots].map((d) => d.getTime());
        // Only the new runs must respect the limit against everything before them (the past is what it was).
        for (let j = past.length; j < all.length; j++) {
          const current = all[j] as number;
          const inWindow = all.slice(0, j).filter((t) => t > current - HOUR).length;
          expect(inWindow).toBeLessThan(limit);
        }
      },
    ),
    { numRuns: 200 },
  );
});

test("property: the slot at an index is the walk's slot at that index, however far down the queue", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -HOUR + 1, max: 0 }), { maxLength: 80 }),
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 1, max: 60 }),
      (offsets, index, limit) => {
        const past = [...offsets].sort((a, b) => a - b).map(at);
        expect(ceilingSlot(past, index, T0, limit)).toEqual(ceilingSlots(past, index + 1, T0, limit)[index]);
      },
    ),
    { numRuns: 300 },
  );
});

test("a start recorded after now (a clock behind the database) still gets the walk's answer", () => {
  const past = [at(-30 * 60_000), at(5 * 60_000)];
  for (const index of [0, 1, 2, 5, 9]) {
    expect(ceilingSlot(past, index, T0, 2)).toEqual(ceilingSlots(past, index + 1, T0, 2)[index]);
  }
});
