import { addBusinessHours } from '@regapi/calendar';
import { BRAZIL_ZONES } from './civil';

const SP = 'America/Sao_Paulo';

/** Every time is São Paulo local (UTC-3). 2025-06-04 is a Wednesday. */
test.each([
  ['2025-06-06T15:00', 4, '2025-06-09T12:00', 'Friday 15:00 + 4 h: Monday 12:00 (contract 8 example)'],
  ['2025-06-04T10:00', 2, '2025-06-04T12:00', 'within one day'],
  ['2025-06-04T10:00', 0.25, '2025-06-04T10:15', 'a fractional hour'],
  ['2025-06-04T10:00', 1 / 60, '2025-06-04T10:01', 'one minute'],
  ['2025-06-04T10:00', 6, '2025-06-04T16:00', 'ending exactly at closing stays at 16:00'],
  ['2025-06-04T10:00', 6.5, '2025-06-05T09:30', 'spilling over closing resumes next morning'],
  ['2025-06-04T09:00', 7, '2025-06-04T16:00', 'a full day from opening'],
  ['2025-06-04T08:00', 1, '2025-06-04T10:00', 'starting before opening counts from 09:00'],
  ['2025-06-04T17:00', 1, '2025-06-05T10:00', 'starting after closing counts from next opening'],
  ['2025-06-04T16:00', 1, '2025-06-05T10:00', 'starting exactly at closing counts from next opening'],
  ['2025-06-07T11:00', 1, '2025-06-09T10:00', 'starting on Saturday counts from Monday'],
  ['2025-06-04T10:00', 0, '2025-06-04T10:00', 'zero hours inside business time: the same instant'],
  ['2025-06-07T11:00', 0, '2025-06-09T09:00', 'zero hours when closed: the next opening'],
  ['2025-06-02T09:00', 35, '2025-06-06T16:00', 'a full week of business hours'],
  ['2025-06-02T09:00', 70, '2025-06-13T16:00', 'two full weeks'],
  ['2025-04-17T15:00', 4, '2025-04-22T12:00', 'Good Friday 2025 and Tiradentes Monday skipped'],
  ['2024-03-28T14:00', 3, '2024-04-01T10:00', 'Good Friday 2024 skipped'],
  ['2026-04-02T15:30', 1, '2026-04-06T09:30', 'Good Friday 2026 skipped'],
  ['2027-03-25T15:00', 2, '2027-03-29T10:00', 'Good Friday 2027 skipped'],
  ['2026-02-13T15:00', 4, '2026-02-18T12:00', 'Carnival Monday and Tuesday skipped'],
  ['2025-06-18T15:00', 2, '2025-06-20T10:00', 'Corpus Christi skipped'],
  ['2025-11-19T15:00', 2, '2025-11-21T10:00', 'Consciência Negra 2025 skipped'],
  ['2023-11-17T15:00', 2, '2023-11-20T10:00', '20 November 2023 was a business day'],
  ['2025-12-24T15:00', 2, '2025-12-26T10:00', 'Christmas skipped'],
  ['2025-12-31T15:00', 2, '2026-01-02T10:00', 'year end: 31 December to 2 January'],
  ['2025-12-31T16:30', 4, '2026-01-02T13:00', 'year end after closing'],
  ['2026-12-31T15:00', 2, '2027-01-04T10:00', 'year end 2026: New Year on Friday, then the weekend'],
])('%s + %p h = %s (%s)', (from, hours, expected, _why) => {
  expect(addBusinessHours(new Date(`${from}:00-03:00`), hours, SP).toISOString()).toBe(
    new Date(`${expected}:00-03:00`).toISOString(),
  );
});

describe.each(BRAZIL_ZONES)('in %s (%s) hours are counted on the local clock', (zone, offset) => {
  test('Friday 15:00 + 4 h = Monday 12:00 local', () => {
    expect(addBusinessHours(new Date(`2025-06-06T15:00:00${offset}`), 4, zone).toISOString()).toBe(
      new Date(`2025-06-09T12:00:00${offset}`).toISOString(),
    );
  });

  test('Wednesday 31 December 15:00 + 2 h = Friday 2 January 10:00 local', () => {
    expect(addBusinessHours(new Date(`2025-12-31T15:00:00${offset}`), 2, zone).toISOString()).toBe(
      new Date(`2026-01-02T10:00:00${offset}`).toISOString(),
    );
  });
});

test('one instant gives different results in different zones', () => {
  // 18:30Z on a Wednesday: 15:30 in São Paulo, 14:30 in Manaus, 13:30 in Rio Branco, 16:30 (closed) in Noronha.
  const from = new Date('2025-06-04T18:30:00Z');
  expect(addBusinessHours(from, 1, 'America/Sao_Paulo').toISOString()).toBe('2025-06-05T12:30:00.000Z');
  expect(addBusinessHours(from, 1, 'America/Manaus').toISOString()).toBe('2025-06-04T19:30:00.000Z');
  expect(addBusinessHours(from, 1, 'America/Rio_Branco').toISOString()).toBe('2025-06-04T19:30:00.000Z');
  expect(addBusinessHours(from, 1, 'America/Noronha').toISOString()).toBe('2025-06-05T12:00:00.000Z');
});

test('under the old São Paulo DST the day still runs 09:00-16:00 local (UTC-2)', () => {
  expect(addBusinessHours(new Date('2018-12-07T15:00:00-02:00'), 4, SP).toISOString()).toBe(
    new Date('2018-12-10T12:00:00-02:00').toISOString(),
  );
});

test('a zone whose offset changes over the weekend keeps local hours (New York, March 2024)', () => {
  expect(addBusinessHours(new Date('2024-03-08T15:00:00-05:00'), 2, 'America/New_York').toISOString()).toBe(
    new Date('2024-03-11T10:00:00-04:00').toISOString(),
  );
});

test.each([
  [-1, 'negative'],
  [Number.NaN, 'NaN'],
  [Number.POSITIVE_INFINITY, 'infinite'],
])('%p hours (%s) are rejected', (hours) => {
  expect(() => addBusinessHours(new Date('2025-06-04T10:00:00-03:00'), hours, SP)).toThrow(RangeError);
});

test('an invalid start is rejected', () => {
  expect(() => addBusinessHours(new Date('x'), 1, SP)).toThrow(RangeError);
});
