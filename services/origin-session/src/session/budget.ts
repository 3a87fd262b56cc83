/**
 * How long a run may still wait for the origin (contract 8: 180 s for the search, 540 s for the property products; a run
 * past it is 605). Measured on the process's monotonic timer, NOT the injected Clock: the Clock says what time it is
 * for business rules (the ceiling, schedules, forecasts) and tests freeze it, while a network wait is real time.
 */
export interface Budget {
  /** Milliseconds left; 0 when spent. */
  remainingMs(): number;
}

export function budgetOf(ms: number): Budget {
  const deadline = performance.now() + ms;
  return { remainingMs: () => Math.max(0, Math.floor(deadline - performance.now())) };
}
