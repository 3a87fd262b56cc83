import { easterSunday, formatCivilDate } from '@regapi/calendar';

/** Published Easter dates, including the earliest (22 March) and latest (25 April) possible ones. */
test.each([
  [1583, '1583-04-10'],
  [1818, '1818-03-22'],
  [1943, '1943-04-25'],
  [2000, '2000-04-23'],
  [2008, '2008-03-23'],
  [2011, '2011-04-24'],
  [2019, '2019-04-21'],
  [2024, '2024-03-31'],
  [2025, '2025-04-20'],
  [2026, '2026-04-05'],
  [2027, '2027-03-28'],
  [2038, '2038-04-25'],
  [2100, '2100-03-28'],
  [2285, '2285-03-22'],
])('Easter %i falls on %s', (year, expected) => {
  expect(formatCivilDate(easterSunday(year))).toBe(expected);
});

test('Easter is always a Sunday between 22 March and 25 April', () => {
  for (let year = 1583; year <= 2600; year++) {
    const easter = easterSunday(year);
    const asUtc = new Date(Date.UTC(year, easter.month - 1, easter.day));
    expect(asUtc.getUTCDay()).toBe(0);
    const monthDay = easter.month * 100 + easter.day;
    expect(monthDay).toBeGreaterThanOrEqual(322);
    expect(monthDay).toBeLessThanOrEqual(425);
  }
});

test.each([1582, 2025.5, Number.NaN])('year %p is outside the Gregorian algorithm', (year) => {
  expect(() => easterSunday(year)).toThrow(RangeError);
});
