import { businessHoursBetween } from '@regapi/calendar';

const SP = 'America/Sao_Paulo';
const sp = (local: string): Date => new Date(`${local}:00-03:00`);

test.each([
  ['2025-06-04T10:00', '2025-06-04T12:30', 2.5, 'within one day'],
  ['2025-06-04T10:00', '2025-06-04T10:00', 0, 'an empty interval'],
  ['2025-06-04T06:00', '2025-06-04T20:00', 7, 'a whole day counts only 09:00-16:00'],
  ['2025-06-04T16:00', '2025-06-05T09:00', 0, 'overnight'],
  ['2025-06-06T15:00', '2025-06-09T12:00', 4, 'Friday 15:00 to Monday 12:00'],
  ['2025-06-06T16:00', '2025-06-09T09:00', 0, 'a weekend'],
  ['2025-06-07T00:00', '2025-06-08T23:59', 0, 'inside a weekend'],
  ['2025-06-02T00:00', '2025-06-09T00:00', 35, 'a plain week'],
  ['2025-04-17T00:00', '2025-04-23T00:00', 14, 'Good Friday and Tiradentes week: Thursday and Tuesday only'],
  ['2026-02-13T00:00', '2026-02-19T00:00', 14, 'Carnival week: Friday and Ash Wednesday only'],
  ['2025-12-31T00:00', '2026-01-03T00:00', 14, 'year end: 31 December and 2 January'],
  ['2025-06-04T15:59', '2025-06-05T09:01', 2 / 60, 'a minute either side of the night'],
])('%s to %s: %p h (%s)', (from, to, hours, _why) => {
  expect(businessHoursBetween(sp(from), sp(to), SP)).toBeCloseTo(hours, 9);
});

test('a whole year: 2025 has 252 registry business days of 7 hours in São Paulo', () => {
  expect(businessHoursBetween(sp('2025-01-01T00:00'), sp('2026-01-01T00:00'), SP)).toBe(252 * 7);
});

test('reversed bounds give the negative count', () => {
  expect(businessHoursBetween(sp('2025-06-09T12:00'), sp('2025-06-06T15:00'), SP)).toBe(-4);
});

test.each([
  ['America/Noronha', 6, '10:00-18:00 local'],
  ['America/Sao_Paulo', 7, '09:00-17:00 local'],
  ['America/Manaus', 7, '08:00-16:00 local'],
  ['America/Rio_Branco', 6, '07:00-15:00 local'],
])('12:00Z-20:00Z on a Wednesday is %s: %p h (%s)', (zone, hours) => {
  expect(businessHoursBetween(new Date('2025-06-04T12:00:00Z'), new Date('2025-06-04T20:00:00Z'), zone)).toBe(hours);
});
