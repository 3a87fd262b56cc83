import type { Clock } from '@regapi/calendar';

/**
 * The simulator's notion of now: the injected clock plus an offset that `POST /control/clock` moves forward. Tests and
 * demos jump over a certificate's business-hours term without sleeping, with the system clock or a `ManualClock`.
 */
export class SimClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the clock only moves forward, got ${ms} ms`);
    this.offsetMs += ms;
    return this.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
