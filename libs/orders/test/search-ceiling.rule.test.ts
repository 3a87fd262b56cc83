import fc from 'fast-check';
import { nextSearchStartAt, SEARCH_CEILING_WINDOW_MS, startsInCeilingWindow } from '../src/search-ceiling';

const NOW = Date.UTC(2026, 10, 28, 12);
const HOUR = SEARCH_CEILING_WINDOW_MS;

test('under the limit a search starts now; at the limit, once the oldest counted start is an hour old', () => {
  expect(nextSearchStartAt([NOW - 10, NOW - 5], NOW, 3)).toBe(NOW);
  expect(nextSearchStartAt([NOW - 30, NOW - 20, NOW - 10], NOW, 3)).toBe(NOW - 30 + HOUR);
  expect(nextSearchStartAt([NOW - 40, NOW - 30, NOW - 20, NOW - 10], NOW, 3)).toBe(NOW - 30 + HOUR);
});

test('starts an hour old or older leave the window', () => {
  expect(startsInCeilingWindow([NOW - HOUR - 1, NOW - HOUR, NOW - HOUR + 1, NOW], NOW)).toEqual([NOW - HOUR + 1, NOW]);
});

test('starting every search at the time the rule gives never puts more than `limit` in any rolling hour', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 8 }),
      fc.array(fc.integer({ min: 0, max: 2 * HOUR }), { maxLength: 40 }),
      (limit, arrivals) => {
        const starts: number[] = [];
        for (const arrival of [...arrivals].sort((a, b) => a - b)) {
          const now = Math.max(arrival, starts[starts.length - 1] ?? 0);
          starts.push(nextSearchStartAt(startsInCeilingWindow(starts, now), now, limit));
        }
        for (const [i, at] of starts.entries()) {
          expect(starts.filter((other, j) => j >= i && other < at + HOUR).length).toBeLessThanOrEqual(limit);
        }
      },
    ),
  );
});
