import { type CivilDate, civilDate } from './civil-date';

/** 1583: the first full year of the Gregorian calendar, which is what the algorithm below computes. */
export const FIRST_GREGORIAN_YEAR = 1583;

/**
 * Western (Gregorian) Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). Computed rather than
 * taken from date-holidays so the calendar has no runtime dependency; Good Friday, Carnival and Corpus Christi are
 * fixed offsets from it.
 */
export function easterSunday(year: number): CivilDate {
  if (!Number.isInteger(year) || year < FIRST_GREGORIAN_YEAR) {
    throw new RangeError(`Easter is computed for Gregorian years from ${FIRST_GREGORIAN_YEAR}, got ${year}`);
  }
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return civilDate(year, Math.floor(n / 31), (n % 31) + 1);
}
