import { type CivilDate, civilDateFromUtcMs, MS_PER_DAY, utcMsOfCivil } from './civil-date';

/**
 * Conversions between instants and an office's wall clock, through Intl (tzdb bundled with Node) rather than fixed
 * offsets: Brazil has had no DST since 2019, but it had DST before, and a zone's rules are tzdb's business, not ours
 * (architecture.md, domain facts: business hours are the office's local hours).
 */

/** A time zone name Intl does not know. Thrown, not returned: a bad zone is a catalog or programming error. */
export class InvalidTimeZoneError extends Error {
  readonly code = 'INVALID_TIME_ZONE';

  constructor(readonly timeZone: string) {
    super(`unknown IANA time zone: ${JSON.stringify(timeZone)}`);
    this.name = 'InvalidTimeZoneError';
  }
}

/** A wall-clock reading in one zone: the civil date plus milliseconds since local midnight. */
export interface LocalDateTime {
  readonly date: CivilDate;
  readonly msOfDay: number;
}

/** The office's local date and time at instant `at`. */
export function toLocalDateTime(at: Date, timeZone: string): LocalDateTime {
  const wall = wallClockAsUtcMs(instantMs(at), timeZone);
  const msOfDay = ((wall % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  return Object.freeze({ date: civilDateFromUtcMs(wall - msOfDay), msOfDay });
}

/**
 * The instant when the office's clock reads `msOfDay` on `date`. A reading that happens twice (clocks set back) gives
 * the earlier instant; one that never happens (clocks set forward, like Brazil's old DST starts at 00:00) gives the
 * instant the same distance past the gap: the `compatible` choice of Temporal and of most libraries.
 */
export function fromLocalDateTime(date: CivilDate, msOfDay: number, timeZone: string): Date {
  const wall = utcMsOfCivil(date, msOfDay);
  // One day either side brackets any real transition, so these are the offsets in force before and after it.
  const offsetBefore = offsetMs(wall - MS_PER_DAY, timeZone);
  const offsetAfter = offsetMs(wall + MS_PER_DAY, timeZone);
  // Usually no transition is near and the two offsets agree: one candidate, one check.
  const offsets = offsetBefore === offsetAfter ? [offsetBefore] : [offsetBefore, offsetAfter];
  const candidates = offsets.map((o) => wall - o).filter((t) => wallClockAsUtcMs(t, timeZone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - offsetBefore);
}

/** Throws InvalidTimeZoneError unless Intl knows `timeZone`. */
export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

/** The zone's offset from UTC at instant `ms`, in ms (negative west of Greenwich: São Paulo today is -3 h). */
export function offsetMs(ms: number, timeZone: string): number {
  return wallClockAsUtcMs(ms, timeZone) - ms;
}

/** Formatters are costly to build and are reused for every conversion in a zone; a handful of zones exist. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false: the latter prints midnight as "24" on some ICU versions.
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch (error: unknown) {
    if (error instanceof RangeError) throw new InvalidTimeZoneError(timeZone);
    throw error;
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** The zone's wall clock at instant `ms`, encoded as the UTC instant with the same reading (ms precision kept). */
function wallClockAsUtcMs(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const field = (type: Intl.DateTimeFormatPartTypes): number => {
    const part = parts.find((p) => p.type === type);
    if (part === undefined) throw new Error(`Intl gave no ${type} for ${timeZone}`);
    return Number(part.value);
  };
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' ? 1 - field('year') : field('year');
  const seconds = field('hour') * 3600 + field('minute') * 60 + field('second');
  const millis = ((ms % 1000) + 1000) % 1000;
  return utcMsOfCivil({ year, month: field('month'), day: field('day') }, seconds * 1000 + millis);
}

function instantMs(at: Date): number {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('expected a valid Date');
  return ms;
}
