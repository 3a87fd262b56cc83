import {
  firstOfficeDayFrom,
  ORDER_BLOCK_LOOKBACK_MS,
  ORDER_BLOCK_WINDOW_MS,
  orderBlockEnd,
  orderBlockEndOnClock,
} from '../src/order-block';

// Issue 12 item 4: the order block ends on a DAY of the office, so neither the answer nor the moment the block lifts
// tells another customer the instant the record was ordered.

test('the block lasts 7 days and then to the end of that office day; the date is the next office day', () => {
  // 23:30 in São Paulo on 19 Nov is already 20 Nov in UTC: the office's day counts.
  const end = orderBlockEnd({ createdAt: new Date('2026-11-20T02:30:00.123Z') }, 'America/Sao_Paulo');
  expect(end.date).toEqual({ year: 2026, month: 11, day: 27 });
  expect(end.from.toISOString()).toBe('2026-11-27T03:00:00.000Z');
  // Rio Branco (UTC-5): the same instant is 21:30 on 19 Nov there.
  const acre = orderBlockEnd({ createdAt: new Date('2026-11-20T02:30:00.123Z') }, 'America/Rio_Branco');
  expect(acre.from.toISOString()).toBe('2026-11-27T05:00:00.000Z');
});

test('two orders on the same office day give the same answer, to the millisecond', () => {
  const morning = orderBlockEnd({ createdAt: new Date('2026-11-20T03:00:00.000Z') }, 'America/Sao_Paulo');
  const night = orderBlockEnd({ createdAt: new Date('2026-11-21T02:59:59.999Z') }, 'America/Sao_Paulo');
  expect(night).toEqual(morning);
});

test('the block never ends before the 7 days, and the lookback covers every order that can still block', () => {
  for (let hour = 0; hour < 48; hour += 1) {
    const createdAt = new Date(Date.UTC(2026, 10, 20, hour, 17, 3, 456));
    const { from } = orderBlockEnd({ createdAt }, 'America/Noronha');
    expect(from.getTime()).toBeGreaterThanOrEqual(createdAt.getTime() + ORDER_BLOCK_WINDOW_MS);
    expect(from.getTime() - createdAt.getTime()).toBeLessThan(ORDER_BLOCK_LOOKBACK_MS);
  }
});

test("the origin's own 'accepted again from' instant becomes the first office day from it", () => {
  expect(firstOfficeDayFrom(new Date('2026-11-27T17:33:12.123Z'), 'America/Sao_Paulo')).toEqual({
    year: 2026,
    month: 11,
    day: 28,
  });
  expect(firstOfficeDayFrom(new Date('2026-11-27T03:00:00.000Z'), 'America/Sao_Paulo')).toEqual({
    year: 2026,
    month: 11,
    day: 27,
  });
});

test("a sandbox watch's block is the same rule on the sandbox's clock: 7 compressed days to the next compressed day", () => {
  // Decision 0175: at 0.005 a day lasts 432 s, 7 of them 3024 s.
  const day = 432_000;
  for (let second = 0; second < 900; second += 37) {
    const createdAt = new Date(Date.UTC(2026, 10, 20, 13, 0, second, 250));
    const { from, date } = orderBlockEndOnClock({ createdAt }, 'America/Sao_Paulo', 0.005);
    expect(from.getTime() % day).toBe(0);
    expect(from.getTime()).toBeGreaterThan(createdAt.getTime() + 7 * day);
    expect(from.getTime()).toBeLessThanOrEqual(createdAt.getTime() + 8 * day);
    expect(date).toEqual({ year: 2026, month: 11, day: 20 });
  }
  // Production's scale is production's rule, unchanged.
  const createdAt = new Date('2026-11-20T02:30:00.123Z');
  expect(orderBlockEndOnClock({ createdAt }, 'America/Sao_Paulo', 1)).toEqual(
    orderBlockEnd({ createdAt }, 'America/Sao_Paulo'),
  );
});
