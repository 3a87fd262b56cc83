/**
 * A calendar day with no time zone attached: what a holiday is, and what an office's local day is. Holidays are
 * civil dates, not instants, because Brazil spans four time zones (architecture.md, domain facts): 1 January starts at a
 * different instant in Noronha and in Rio Branco.
 */
export interface CivilDate {
  readonly year: number;
  /** 1 = January ... 12 = December. */
  readonly month: number;
  readonly day: number;
}

export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 24 * MS_PER_HOUR;

export function civilDate(year: number, month: number, day: number): CivilDate {
  const date = Object.freeze({ year, month, day });
  const roundTrip = civilDateFromUtcMs(utcMsOfCivil(date));
  // Rejects 2025-02-30 and friends instead of silently rolling over into March.
  if (roundTrip.year !== year || roundTrip.month !== month || roundTrip.day !== day) {
    throw new RangeError(`not a calendar date: ${year}-${month}-${day}`);
  }
  return date;
}

/**
 * The date at `msOfDay` read as if it were UTC. A proleptic-Gregorian day number, not an instant of the office;
 * `setUTCFullYear` (not `Date.UTC`) so years 0-99 are not mapped to 1900-1999.
 */
export function utcMsOfCivil(date: CivilDate, msOfDay = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  return d.getTime() + msOfDay;
}

export function civilDateFromUtcMs(ms: number): CivilDate {
  const d = new Date(ms);
  return Object.freeze({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return civilDateFromUtcMs(utcMsOfCivil(date) + days * MS_PER_DAY);
}

/** Negative, zero or positive, for `Array#sort`. */
export function compareCivilDates(a: CivilDate, b: CivilDate): number {
  return utcMsOfCivil(a) - utcMsOfCivil(b);
}

/** 0 = Sunday ... 6 = Saturday, like `Date#getDay`. */
export function dayOfWeek(date: CivilDate): number {
  return new Date(utcMsOfCivil(date)).getUTCDay();
}

export function isWeekend(date: CivilDate): boolean {
  const dow = dayOfWeek(date);
  return dow === 0 || dow === 6;
}

/** `YYYY-MM-DD`: a stable key for sets and a readable form for messages and tests. */
export function formatCivilDate(date: CivilDate): string {
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
