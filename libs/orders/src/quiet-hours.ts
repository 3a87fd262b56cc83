import { HOUR_MS, HOURS_OF_WEEK, hourOfWeek } from './idle-capacity';

/**
 * The quiet hours of the Brasília week (docs/decisions/0174): the hours whose forecast interactive session time
 * (`forecastIdleCapacity`, the 90th percentile of the last weeks) is at most QUIET_HOUR_SHARE of the hour
 * (`quietBuckets`, idle-capacity.ts). Watch runs
 * start only in them, and only if they end within the quiet stretch; admission counts only their idle capacity.
 * Pure: the fair queue is given them as data, and asks them about instants it is given.
 */

const WEEK_MS = HOURS_OF_WEEK * HOUR_MS;
/** Hours and stretches remembered by hour start: the replays of a forecast ask about the same few hours again and again. */
const MEMO_LIMIT = 4_096;

export interface QuietHours {
  /** Per bucket (index = hourOfWeek): whether the hour is quiet. 168 entries. */
  readonly hours: readonly boolean[];
  /**
   * The end of the quiet stretch holding instant `at`: the start of the first busy hour after it (infinite when every
   * hour is quiet); undefined when `at` is in a busy hour.
   */
  stretchEndAt(at: number): number | undefined;
  /**
   * The earliest instant from `at` on at which work of `costMs` starts in a quiet hour and ends by the end of its
   * stretch; undefined when no stretch of the next week holds it (no hour is quiet, or every stretch is too short).
   */
  nextFit(at: number, costMs: number): number | undefined;
}

export function createQuietHours(hours: readonly boolean[]): QuietHours {
  if (hours.length !== HOURS_OF_WEEK) throw new RangeError(`the week has ${HOURS_OF_WEEK} buckets`);
  const frozen = Object.freeze([...hours]);
  const everyHour = frozen.every(Boolean);
  const noHour = !frozen.some(Boolean);
  const ends = new Map<number, number>();
  const quiet = new Map<number, boolean>();
  const quietAt = (hourStart: number): boolean => {
    const known = quiet.get(hourStart);
    if (known !== undefined) return known;
    const value = frozen[hourOfWeek(hourStart)] === true;
    if (quiet.size >= MEMO_LIMIT) quiet.clear();
    quiet.set(hourStart, value);
    return value;
  };

  /** The end of the stretch holding the quiet hour starting at `hourStart`. */
  const endOf = (hourStart: number): number => {
    const known = ends.get(hourStart);
    if (known !== undefined) return known;
    let end = hourStart + HOUR_MS;
    while (quietAt(end)) end += HOUR_MS;
    if (ends.size >= MEMO_LIMIT) ends.clear();
    ends.set(hourStart, end);
    return end;
  };

  return {
    hours: frozen,
    stretchEndAt(at) {
      if (everyHour) return Number.POSITIVE_INFINITY;
      const hourStart = Math.floor(at / HOUR_MS) * HOUR_MS;
      return quietAt(hourStart) ? endOf(hourStart) : undefined;
    },
    nextFit(at, costMs) {
      if (everyHour) return at;
      if (noHour) return undefined;
      let hourStart = Math.floor(at / HOUR_MS) * HOUR_MS;
      // A stretch starting within the week after `at` that holds the work, if any: the week repeats.
      while (hourStart <= at + WEEK_MS) {
        if (quietAt(hourStart)) {
          const start = Math.max(at, hourStart);
          const end = endOf(hourStart);
          if (start + costMs <= end) return start;
          hourStart = end;
        } else hourStart += HOUR_MS;
      }
      return undefined;
    },
  };
}

/** Every hour quiet: the queue's default, and what an empty history forecasts. */
export const EVERY_HOUR_QUIET: QuietHours = createQuietHours(new Array<boolean>(HOURS_OF_WEEK).fill(true));
