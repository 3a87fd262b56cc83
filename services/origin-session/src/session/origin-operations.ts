import type { Fonte } from '@regapi/contracts';
import type { LoginOutcome, OriginFailure } from '@regapi/origin';

/**
 * What a call to the origin portal does: the `operation` label of `regapi.origin.call.duration_seconds` (a bounded
 * set; never a protocolo) and the name in the session's logs.
 */
export type OriginOperation = 'login' | OriginCallOperation;

/** The operations a task asks the session for (the login is the session's own). */
export type OriginCallOperation =
  | 'search'
  | 'record-view'
  | 'certificate'
  | 'check-order'
  | 'certificate-check'
  | 'list-orders'
  | 'catalog'
  | 'tariffs';

/** Placing an order of each product. */
export const PLACE_OPERATION: Readonly<Record<Fonte, OriginCallOperation>> = Object.freeze({
  'pesquisa-previa-bens': 'search',
  'visualizacao-matricula': 'record-view',
  'certidao-inteiro-teor': 'certificate',
});

/** Checking an order at the origin: a certificate's check (is it issued?) is told apart from the others. */
export function checkOperation(fonte: string): OriginCallOperation {
  return fonte === 'certidao-inteiro-teor' ? 'certificate-check' : 'check-order';
}

/**
 * The failures of the origin ITSELF (libs/origin OriginFailure, and a refused login): the `outcome` label is the
 * failure's kind. Typed over every kind, so a new failure in libs/origin does not compile until it is listed.
 */
const FAILURE_OUTCOMES: Readonly<Record<OriginFailure['kind'] | 'credentials-refused', true>> = Object.freeze({
  timeout: true,
  down: true,
  blocked: true,
  captcha: true,
  overloaded: true,
  'too-many-attempts': true,
  'session-lost': true,
  'session-busy': true,
  'service-invalid': true,
  'service-unavailable': true,
  'protocol-error': true,
  'credentials-refused': true,
});

/**
 * `ok` when the origin answered what it was asked (whatever it said about the ORDER: found, nothing found, data
 * refused, office unavailable — the order's result code counts those), else the failure's kind.
 */
export function callOutcome(answer: unknown): string {
  const kind = typeof answer === 'object' && answer !== null ? Reflect.get(answer, 'kind') : undefined;
  return typeof kind === 'string' && Object.hasOwn(FAILURE_OUTCOMES, kind) ? kind : 'ok';
}

/** `regapi.origin.logins` outcome (catalog: ok, refused, unavailable). */
export function loginOutcome(outcome: LoginOutcome): 'ok' | 'refused' | 'unavailable' {
  if (outcome.kind === 'logged-in') return 'ok';
  return outcome.kind === 'credentials-refused' ? 'refused' : 'unavailable';
}
