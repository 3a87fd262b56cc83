import { isPermanent, type ResultCode } from '@regapi/contracts';
import type { AnyOriginOutcome, OriginOutcomeKind } from '@regapi/origin';

/**
 * Every outcome the origin port can report → the result code of contract 7.3 (docs/decisions/0020). The codes, their
 * classes, refunds and the permanent flag live in ONE table, libs/contracts; this table only says which code each
 * origin answer is. Typed over every outcome kind, so a new kind in libs/origin does not compile until it is mapped.
 *
 * - `code`: the result code, or `'continues'` for an answer that is not the end of an order (a certificate accepted
 *   and being issued, a listing, a login) or that is re-expressed first (a checked search becomes found/nothing-found).
 * - `effect`: what the answer does beyond ending its order.
 *   - `product-out-of-service`: the product goes out of service for everyone and a human is notified (contract 7.5). Exactly
 *     the permanent codes (602, 603) REPORTED BY THE ORIGIN about the service or the account — except a repeated
 *     order (contract 7.6: that record and office are blocked) and one office out of service (below).
 *   - `office-out-of-service`: the order's OFFICE is marked unavailable in the local catalog until the origin shows it
 *     back (issue 12; docs/decisions/0047): one office of 3,567 is not the product.
 *   - `none`.
 */
export type OutcomeEffect = 'product-out-of-service' | 'office-out-of-service' | 'none';

export interface OutcomeRule {
  readonly code: ResultCode | 'continues';
  readonly effect: OutcomeEffect;
  /** Why this code, for the decision record and for whoever reads a finished order. */
  readonly why: string;
}

const rule = (code: ResultCode | 'continues', why: string, effect?: OutcomeEffect): OutcomeRule => ({
  code,
  effect: effect ?? (code !== 'continues' && isPermanent(code) ? 'product-out-of-service' : 'none'),
  why,
});

export const OUTCOME_CODES: Readonly<Record<OriginOutcomeKind, OutcomeRule>> = Object.freeze({
  // Delivered: `sucesso`.
  found: rule(200, 'search closed or provisional with at least one record (placed or checked)'),
  delivered: rule(200, 'record view delivered (to the call that placed it, or to a check)'),
  'certificate-issued': rule(200, 'certificate issued by the office'),
  // `nao_encontrado` / `indeterminado`: the origin answered; the amount is kept.
  'nothing-found': rule(612, 'search without records; record not found in that office'),
  'cannot-issue-online': rule(611, 'the office cannot issue over the internet: not an irregularity'),
  // `erro_participante`: the origin refused the DATA; kept.
  'data-refused': rule(608, 'the origin refused the data of the order'),
  'data-changed': rule(619, 'the data changed at the registry (record closed, document status changed)'),
  // `retry`: momentary; refunded.
  timeout: rule(605, 'contract 7.7: the origin (or our maximum wait of contract 8) timed out'),
  down: rule(600, 'origin unreachable or in maintenance'),
  overloaded: rule(609, 'the origin sheds load'),
  'too-many-attempts': rule(610, 'the origin throttles the account'),
  'session-lost': rule(613, 'the session was lost again right after a new login'),
  'session-busy': rule(614, 'another call was running on the session (never ours: calls are serialized)'),
  'receipt-error': rule(615, 'the search ran but the origin could not produce its printed receipt'),
  'accepted-without-protocol': rule(
    618,
    'contract 2.6: certificate accepted without a protocol, INDISPONIVEL, refunded',
  ),
  // `fatal`: integration or account defects; refunded. 602 and 603 are permanent (contract 7.5).
  'service-unavailable': rule(602, 'the origin says the service itself (the product) is unavailable'),
  'office-unavailable': rule(
    602,
    'ONE office is out of service at the origin: that order ends (refunded) and the office is marked unavailable',
    'office-out-of-service',
  ),
  'repeated-order': rule(602, 'contract 7.6: same record and office ordered within the block window', 'none'),
  'service-invalid': rule(603, 'the origin no longer recognises the service: the portal changed'),
  blocked: rule(603, 'the account is blocked at the origin'),
  'credentials-refused': rule(603, 'the origin refuses the account credentials'),
  captcha: rule(604, 'the origin demands a captcha the integration cannot answer'),
  'protocol-error': rule(606, 'the answer does not follow the portal protocol'),
  'link-expired': rule(617, "the origin's document link expired before it was archived"),
  'order-not-found': rule(621, 'the origin does not know a protocol it gave us'),
  'document-not-found': rule(622, "the origin's document link leads to nothing"),
  // Not the end of an order.
  accepted: rule('continues', 'certificate protocolled, in the registry queue: EM_EMISSAO until the office issues it'),
  'record-view-in-progress': rule('continues', 'record view placed, the office is still producing it'),
  'logged-in': rule('continues', 'session opened'),
  orders: rule('continues', 'order listing'),
  document: rule('continues', 'document downloaded'),
  catalog: rule('continues', 'office list'),
  tariffs: rule('continues', 'tariff table'),
});

/**
 * A stored request the service itself cannot read (a defect between gateway and origin-session): `fatal`, refunded.
 * 607 (an office sent as text) is never produced: the port types the office number as an integer, and the gateway
 * refuses a text office before any charge (docs/decisions/0007).
 */
export const UNREADABLE_ORDER_CODE: ResultCode = 601;

/** Contract 7.5: a product out of service answers 602 without calling the origin (never a new outage by itself). */
export const PRODUCT_OUT_OF_SERVICE_CODE: ResultCode = 602;

/** Contract 7.6 (an office that does not quote): an order for an office marked out of service, origin not called. */
export const OFFICE_OUT_OF_SERVICE_CODE: ResultCode = 602;

export type OutcomeCode = {
  readonly code: ResultCode;
  readonly effect: OutcomeEffect;
  readonly kind: OriginOutcomeKind;
};

/** The final code of an outcome that ends an order, or undefined when the order continues. */
export function outcomeCode(outcome: Pick<AnyOriginOutcome, 'kind'>): OutcomeCode | undefined {
  const found = OUTCOME_CODES[outcome.kind];
  return found.code === 'continues' ? undefined : { code: found.code, effect: found.effect, kind: outcome.kind };
}

/** The code of an outcome kind read back from the database (an attempt's recorded answer); undefined if it ends nothing. */
export function codeOfRecordedOutcome(kind: string | null): ResultCode | undefined {
  return kind !== null && isOutcomeKind(kind) ? outcomeCode({ kind })?.code : undefined;
}

function isOutcomeKind(kind: string): kind is OriginOutcomeKind {
  return Object.hasOwn(OUTCOME_CODES, kind);
}
