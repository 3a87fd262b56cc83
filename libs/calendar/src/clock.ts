/**
 * The project's one source of "now" (architecture rule 8: time is injected). Code that schedules or forecasts
 * (certificate business hours, re-check intervals) takes a `Clock` argument instead of calling `new Date()`, so tests
 * can drive it without sleeping.
 */
export interface Clock {
  now(): Date;
}

/** The wall clock of the machine: the clock every composition root passes outside tests. */
export const systemClock: Clock = Object.freeze({
  now: (): Date => new Date(),
});

/**
 * A clock that moves only when told to. `now()` returns a fresh `Date` each time, so a caller that mutates the value it
 * got cannot move the clock for everyone else.
 */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date) {
    this.current = validTime(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Jumps to an instant; backwards is allowed, so tests can model a clock correction. */
  set(at: Date): void {
    this.current = validTime(at);
  }

  /** Moves forward (or back, with a negative value) by `ms` milliseconds and returns the new now. */
  advance(ms: number): Date {
    if (!Number.isFinite(ms)) throw new RangeError(`ManualClock.advance needs a finite number of ms, got ${ms}`);
    this.current = validTime(new Date(this.current + ms));
    return this.now();
  }
}

function validTime(at: Date): number {
  const time = at.getTime();
  if (Number.isNaN(time)) throw new RangeError('ManualClock needs a valid Date');
  return time;
}
