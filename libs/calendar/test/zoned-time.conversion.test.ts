import {
  assertTimeZone,
  formatCivilDate,
  fromLocalDateTime,
  InvalidTimeZoneError,
  MS_PER_HOUR,
  offsetMs,
  toLocalDateTime,
} from '@regapi/calendar';
import { BRAZIL_ZONES, civil } from './civil';

const NINE = 9 * MS_PER_HOUR;

describe.each(BRAZIL_ZONES)('%s (%s)', (zone, offset) => {
  test('09:00 local maps to the instant with that offset and back', () => {
    const instant = fromLocalDateTime(civil('2025-06-04'), NINE, zone);
    expect(instant.toISOString()).toBe(new Date(`2025-06-04T09:00:00${offset}`).toISOString());
    const local = toLocalDateTime(instant, zone);
    expect(formatCivilDate(local.date)).toBe('2025-06-04');
    expect(local.msOfDay).toBe(NINE);
  });

  test('the local date changes at local midnight, not at UTC midnight', () => {
    const beforeMidnight = new Date(`2025-12-31T23:59:59.999${offset}`);
    const local = toLocalDateTime(beforeMidnight, zone);
    expect(formatCivilDate(local.date)).toBe('2025-12-31');
    expect(local.msOfDay).toBe(24 * MS_PER_HOUR - 1);
    expect(formatCivilDate(toLocalDateTime(new Date(beforeMidnight.getTime() + 1), zone).date)).toBe('2026-01-01');
  });
});

test('São Paulo during its last DST (2018-2019) was UTC-2', () => {
  expect(offsetMs(Date.parse('2018-12-03T12:00:00Z'), 'America/Sao_Paulo')).toBe(-2 * MS_PER_HOUR);
  expect(fromLocalDateTime(civil('2018-12-03'), NINE, 'America/Sao_Paulo').toISOString()).toBe(
    '2018-12-03T11:00:00.000Z',
  );
});

test('a wall time skipped by a DST start resolves past the gap (São Paulo, 2018-11-04 00:30)', () => {
  expect(fromLocalDateTime(civil('2018-11-04'), 30 * 60_000, 'America/Sao_Paulo').toISOString()).toBe(
    '2018-11-04T03:30:00.000Z',
  );
});

test('a wall time repeated by a DST end resolves to the earlier instant (São Paulo, 2019-02-16 23:30)', () => {
  expect(fromLocalDateTime(civil('2019-02-16'), 23.5 * MS_PER_HOUR, 'America/Sao_Paulo').toISOString()).toBe(
    '2019-02-17T01:30:00.000Z',
  );
});

test('a zone with DST today converts on both sides of the change (New York, March 2024)', () => {
  expect(fromLocalDateTime(civil('2024-03-08'), NINE, 'America/New_York').toISOString()).toBe(
    '2024-03-08T14:00:00.000Z',
  );
  expect(fromLocalDateTime(civil('2024-03-11'), NINE, 'America/New_York').toISOString()).toBe(
    '2024-03-11T13:00:00.000Z',
  );
});

test('local mean time offsets keep their seconds (São Paulo before 1914 was UTC-3:06:28)', () => {
  expect(offsetMs(Date.parse('1900-01-01T12:00:00Z'), 'America/Sao_Paulo')).toBe(-(3 * 3600 + 6 * 60 + 28) * 1000);
});

test('milliseconds survive the round trip', () => {
  const at = new Date('2025-06-04T12:34:56.789Z');
  const local = toLocalDateTime(at, 'America/Manaus');
  expect(fromLocalDateTime(local.date, local.msOfDay, 'America/Manaus').toISOString()).toBe(at.toISOString());
});

test('an unknown zone is an InvalidTimeZoneError naming the zone', () => {
  expect(() => assertTimeZone('America/Atlantis')).toThrow(InvalidTimeZoneError);
  expect(() => toLocalDateTime(new Date(), 'UTC-3')).toThrow(/unknown IANA time zone: "UTC-3"/);
  // The matcher inside toThrow: a call that does not throw fails the test (an assertion in a catch would pass it).
  expect(() => assertTimeZone('Brasil/Nowhere')).toThrow(
    expect.objectContaining({ name: InvalidTimeZoneError.name, code: 'INVALID_TIME_ZONE', timeZone: 'Brasil/Nowhere' }),
  );
  expect(() => assertTimeZone('Brasil/Nowhere')).toThrow(InvalidTimeZoneError);
});

test('an invalid Date is rejected', () => {
  expect(() => toLocalDateTime(new Date('garbage'), 'America/Sao_Paulo')).toThrow(RangeError);
});
