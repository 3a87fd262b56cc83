import { addDays, MS_PER_HOUR } from './civil-date';
import { isRegistryBusinessDay } from './registry-closed-days';
import { fromLocalDateTime, toLocalDateTime } from './zoned-time';

/**
 * Contract 8: "business hours are 09:00 to 16:00, Monday to Friday", in the office's local time (docs/architecture.md,
 * domain facts). Opening is inclusive and closing exclusive: 09:00:00.000 is business time, 16:00:00.000 is not.
 */
export const REGISTRY_OPENS_AT_HOUR = 9;
export const REGISTRY_CLOSES_AT_HOUR = 16;

/** One day's opening, as instants: `start` inclusive, `end` exclusive. */
export interface BusinessWindow {
  readonly start: Date;
  readonly end: Date;
}

/**
 * A year of consecutive closed days cannot happen; the bound turns a broken holiday table into an error instead of a
 * hung process.
 */
const MAX_DAYS_TO_SCAN = 366;

/** The first business window that has not ended at `at`: the one containing `at`, or the next one to open. */
export function businessWindowAtOrAfter(at: Date, timeZone: string): BusinessWindow {
  let day = toLocalDateTime(at, timeZone).date;
  for (let i = 0; i < MAX_DAYS_TO_SCAN; i++, day = addDays(day, 1)) {
    if (!isRegistryBusinessDay(day)) continue;
    const end = fromLocalDateTime(day, REGISTRY_CLOSES_AT_HOUR * MS_PER_HOUR, timeZone);
    if (end.getTime() <= at.getTime()) continue;
    const start = fromLocalDateTime(day, REGISTRY_OPENS_AT_HOUR * MS_PER_HOUR, timeZone);
    return Object.freeze({ start, end });
  }
  throw new Error(`no registry business day within ${MAX_DAYS_TO_SCAN} days of ${at.toISOString()} in ${timeZone}`);
}

/** Whether a registry office in `timeZone` is open at `at`. */
export function isBusinessTime(at: Date, timeZone: string): boolean {
  return businessWindowAtOrAfter(at, timeZone).start.getTime() <= at.getTime();
}

/** `at` itself when the office is open, else the instant it next opens. */
export function nextBusinessStart(at: Date, timeZone: string): Date {
  const { start } = businessWindowAtOrAfter(at, timeZone);
  return start.getTime() <= at.getTime() ? new Date(at.getTime()) : start;
}
