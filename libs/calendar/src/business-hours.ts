import { businessWindowAtOrAfter } from './business-window';
import { MS_PER_HOUR } from './civil-date';

/**
 * Arithmetic in registry business time (contract 8). Both functions walk window by window, one per business day; the
 * terms involved are hours, so the walk is a few steps.
 */

/**
 * The instant when `hours` business hours have elapsed since `from`, counting only time the office is open (weekends
 * and registry holidays skipped). Fractional hours are allowed; precision is the millisecond.
 *
 * A term that ends exactly at closing returns 16:00 that day, not 09:00 of the next business day: the work is done
 * when the office closes. Zero hours from a closed moment returns the next opening, the earliest the office can act.
 */
export function addBusinessHours(from: Date, hours: number, timeZone: string): Date {
  if (!Number.isFinite(hours) || hours < 0) {
    throw new RangeError(`business hours to add must be a finite number >= 0, got ${hours}`);
  }
  let remaining = Math.round(hours * MS_PER_HOUR);
  let cursor = validMs(from);
  for (;;) {
    const window = businessWindowAtOrAfter(new Date(cursor), timeZone);
    const begin = Math.max(cursor, window.start.getTime());
    const available = window.end.getTime() - begin;
    if (remaining <= available) return new Date(begin + remaining);
    remaining -= available;
    cursor = window.end.getTime();
  }
}

/**
 * Business hours between two instants (fractional). Negative when `to` is before `from`, so that
 * `businessHoursBetween(a, b) === -businessHoursBetween(b, a)`.
 */
export function businessHoursBetween(from: Date, to: Date, timeZone: string): number {
  const start = validMs(from);
  const stop = validMs(to);
  if (stop < start) return -businessHoursBetween(to, from, timeZone);
  let total = 0;
  let cursor = start;
  while (cursor < stop) {
    const window = businessWindowAtOrAfter(new Date(cursor), timeZone);
    const begin = Math.max(cursor, window.start.getTime());
    if (begin >= stop) break;
    total += Math.min(window.end.getTime(), stop) - begin;
    cursor = window.end.getTime();
  }
  return total / MS_PER_HOUR;
}

function validMs(at: Date): number {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new RangeError('expected a valid Date');
  return ms;
}
