import type { RateLimitSettings } from './rate-limit-settings';
import type { RateLimitDecision } from './rate-limiter';

/**
 * The response fields of draft-ietf-httpapi-ratelimit-headers-11 (structured-field Lists, RFC 9651), one policy named
 * `default` (docs/decisions/0035):
 * - `RateLimit-Policy: "default";q=<burst>;w=<window>`: `q` requests per `w` seconds, `w` the whole seconds an empty
 *   bucket takes to fill, rounded up (the window of the draft is an integer ≥ 1), so the advertised average never
 *   exceeds the real rate.
 * - `RateLimit: "default";r=<remaining>;t=<seconds>`: `r` whole requests available now, `t` the seconds until one
 *   more is, rounded up: the draft's effective window, "the time within which the client can use no more than the
 *   available quota".
 * - On a 429 also `Retry-After: <t>` (RFC 9110 delay-seconds), never earlier than the end of `t` (draft section 6).
 */
export const RATE_LIMIT_POLICY_NAME = 'default';

/** Whole seconds for `w`: the time an empty bucket takes to fill, at least 1. */
export function policyWindowSeconds(settings: RateLimitSettings): number {
  return Math.max(1, Math.ceil(settings.burst / settings.perSecond));
}

/** Whole seconds for `t` and Retry-After: rounded up, at least 1, so a client that waits them finds a token. */
export function secondsUntilNextToken(decision: RateLimitDecision): number {
  return Math.max(1, Math.ceil(decision.msUntilNextToken / 1000));
}

export function rateLimitPolicyField(settings: RateLimitSettings): string {
  return `"${RATE_LIMIT_POLICY_NAME}";q=${settings.burst};w=${policyWindowSeconds(settings)}`;
}

export function rateLimitField(decision: RateLimitDecision): string {
  return `"${RATE_LIMIT_POLICY_NAME}";r=${decision.remaining};t=${secondsUntilNextToken(decision)}`;
}

/** The fields of an answer: both RateLimit fields always, and Retry-After when the request was refused. */
export function rateLimitHeaders(settings: RateLimitSettings, decision: RateLimitDecision): Record<string, string> {
  const fields: Record<string, string> = {
    'RateLimit-Policy': rateLimitPolicyField(settings),
    RateLimit: rateLimitField(decision),
  };
  if (!decision.allowed) fields['Retry-After'] = String(secondsUntilNextToken(decision));
  return fields;
}
