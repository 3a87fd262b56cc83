import { isBusinessTime, nextBusinessStart } from '@regapi/calendar';
import { BRAZIL_ZONES } from './civil';

const SP = 'America/Sao_Paulo';

/** Wednesday 4 June 2025 unless stated; every time is São Paulo local (UTC-3). */
test.each([
  ['2025-06-04T08:59:59.999', 'one ms before opening', false],
  ['2025-06-04T08:59:00', '08:59', false],
  ['2025-06-04T09:00:00', '09:00 exactly (opening is inclusive)', true],
  ['2025-06-04T12:00:00', 'midday', true],
  ['2025-06-04T15:59:00', '15:59', true],
  ['2025-06-04T15:59:59.999', 'one ms before closing', true],
  ['2025-06-04T16:00:00', '16:00 exactly (closing is exclusive)', false],
  ['2025-06-04T00:00:00', 'midnight', false],
  ['2025-06-07T10:00:00', 'Saturday morning', false],
  ['2025-06-08T10:00:00', 'Sunday morning', false],
  ['2025-04-18T10:00:00', 'Good Friday 2025', false],
  ['2024-03-29T10:00:00', 'Good Friday 2024', false],
  ['2026-04-03T10:00:00', 'Good Friday 2026', false],
  ['2027-03-26T10:00:00', 'Good Friday 2027', false],
  ['2025-12-25T10:00:00', 'Christmas', false],
  ['2026-02-17T10:00:00', 'Carnival Tuesday 2026', false],
  ['2025-06-19T10:00:00', 'Corpus Christi 2025', false],
  ['2024-11-20T10:00:00', 'Consciência Negra 2024', false],
  ['2023-11-20T10:00:00', 'Consciência Negra 2023 (not yet national)', true],
])('%s, %s: open %p', (local, _what, open) => {
  expect(isBusinessTime(new Date(`${local}-03:00`), SP)).toBe(open);
});

describe.each(BRAZIL_ZONES)('in %s (%s) the boundaries are local', (zone, offset) => {
  test.each([
    ['08:59', false],
    ['09:00', true],
    ['15:59', true],
    ['16:00', false],
  ])('%s: open %p', (time, open) => {
    expect(isBusinessTime(new Date(`2025-06-04T${time}:00${offset}`), zone)).toBe(open);
  });
});

test('one instant is open in some zones and closed in others', () => {
  const morning = new Date('2025-06-04T12:30:00Z');
  expect(isBusinessTime(morning, 'America/Noronha')).toBe(true); // 10:30
  expect(isBusinessTime(morning, 'America/Sao_Paulo')).toBe(true); // 09:30
  expect(isBusinessTime(morning, 'America/Manaus')).toBe(false); // 08:30
  expect(isBusinessTime(morning, 'America/Rio_Branco')).toBe(false); // 07:30
  const afternoon = new Date('2025-06-04T19:30:00Z');
  expect(isBusinessTime(afternoon, 'America/Noronha')).toBe(false); // 17:30
  expect(isBusinessTime(afternoon, 'America/Sao_Paulo')).toBe(false); // 16:30
  expect(isBusinessTime(afternoon, 'America/Manaus')).toBe(true); // 15:30
  expect(isBusinessTime(afternoon, 'America/Rio_Branco')).toBe(true); // 14:30
});

test('hours under the old São Paulo DST (UTC-2) follow the local clock', () => {
  expect(isBusinessTime(new Date('2018-12-03T10:59:00Z'), SP)).toBe(false);
  expect(isBusinessTime(new Date('2018-12-03T11:00:00Z'), SP)).toBe(true);
  expect(isBusinessTime(new Date('2018-12-03T17:59:00Z'), SP)).toBe(true);
  expect(isBusinessTime(new Date('2018-12-03T18:00:00Z'), SP)).toBe(false);
});

test.each([
  ['2025-06-04T10:15:00', '2025-06-04T10:15:00', 'inside business time: itself'],
  ['2025-06-04T09:00:00', '2025-06-04T09:00:00', 'at opening: itself'],
  ['2025-06-04T06:00:00', '2025-06-04T09:00:00', 'early morning: opening that day'],
  ['2025-06-04T16:00:00', '2025-06-05T09:00:00', 'at closing: next morning'],
  ['2025-06-06T18:00:00', '2025-06-09T09:00:00', 'Friday evening: Monday'],
  ['2025-06-07T12:00:00', '2025-06-09T09:00:00', 'Saturday: Monday'],
  ['2025-04-17T17:00:00', '2025-04-22T09:00:00', 'Thursday before Good Friday and Tiradentes: Tuesday'],
  ['2026-02-13T16:30:00', '2026-02-18T09:00:00', 'Friday before Carnival: Ash Wednesday'],
  ['2025-12-31T16:00:00', '2026-01-02T09:00:00', 'New Year Eve after closing: 2 January'],
  ['2027-12-31T16:00:00', '2028-01-03T09:00:00', 'New Year Eve 2027 (Friday): Monday 3 January'],
])('next business start from %s is %s (%s)', (from, expected, _why) => {
  expect(nextBusinessStart(new Date(`${from}-03:00`), SP).toISOString()).toBe(
    new Date(`${expected}-03:00`).toISOString(),
  );
});

test('next business start is a new Date, never the caller’s object', () => {
  const at = new Date('2025-06-04T10:15:00-03:00');
  expect(nextBusinessStart(at, SP)).not.toBe(at);
});
