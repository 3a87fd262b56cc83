/**
 * Every origin call is bounded by the CALLER (issue 3; contract 8 gives the ceilings: 180 s for the preliminary search,
 * 540 s for the property products). The port never picks a timeout of its own: origin-session knows which product
 * runs and how much of its budget is left.
 */
export interface CallOptions {
  /** Milliseconds the caller waits for this call before it is reported as `timeout`. */
  readonly timeoutMs: number;
  /** Aborts the call early (shutdown). An abort is reported as `timeout` too: the origin's answer was not seen. */
  readonly signal?: AbortSignal;
}
