import type { CertificateOutcome, RecordViewOutcome, SearchOutcome } from '@regapi/origin';
import type { LoginFailure, NotSent } from '../session/origin-session-client';

/** Everything the call that places an order can end with (the session's own answers included). */
export type PlacingOutcome = SearchOutcome | RecordViewOutcome | CertificateOutcome | LoginFailure | NotSent;

/**
 * What an answer to a placing call proves about the origin (docs/decisions/0110):
 * - `placed`: the origin created the order and says so (its protocol, or a certificate accepted without one);
 * - `not-placed`: the origin refused it, or the call never left (a failed login, the budget spent before it): final;
 * - `in-doubt`: the answer proves neither — a timeout, a reset or a proxy's 5xx while the origin may go on working, a
 *   session taken from under the call, an answer we could not read. The intent stays open and the order is looked up
 *   at the origin; it is never refunded or placed again on such an answer alone.
 */
export type PlacementVerdict = 'placed' | 'not-placed' | 'in-doubt';

type PlacingKind = PlacingOutcome['kind'];

/** Typed over every kind, so a new answer in libs/origin does not compile until someone says what it proves. */
const VERDICTS: Readonly<Record<PlacingKind, PlacementVerdict>> = Object.freeze({
  found: 'placed',
  delivered: 'placed',
  accepted: 'placed',
  'accepted-without-protocol': 'placed',
  'receipt-error': 'placed',
  // A search without rows carries its protocol; a record not found in the office is a refusal (below).
  'nothing-found': 'placed',
  'data-refused': 'not-placed',
  'data-changed': 'not-placed',
  'cannot-issue-online': 'not-placed',
  'office-unavailable': 'not-placed',
  'repeated-order': 'not-placed',
  'credentials-refused': 'not-placed',
  blocked: 'not-placed',
  captcha: 'not-placed',
  overloaded: 'not-placed',
  'too-many-attempts': 'not-placed',
  'session-busy': 'not-placed',
  'service-invalid': 'not-placed',
  'service-unavailable': 'not-placed',
  timeout: 'in-doubt',
  down: 'in-doubt',
  'session-lost': 'in-doubt',
  'protocol-error': 'in-doubt',
});

export function placementVerdict(outcome: PlacingOutcome): PlacementVerdict {
  if ('sent' in outcome && outcome.sent === false) return 'not-placed';
  if ('atLogin' in outcome && outcome.atLogin === true) return 'not-placed';
  if (outcome.kind === 'nothing-found' && !('search' in outcome)) return 'not-placed';
  return VERDICTS[outcome.kind];
}

/** The answers that prove nothing (the `in-doubt` verdict's kinds). */
export function isInDoubtKind(kind: string): boolean {
  return kind === 'timeout' || kind === 'down' || kind === 'session-lost' || kind === 'protocol-error';
}
