// Every failure the client reports is a RegapiError saying what became of the money and what a retry should be
// (contract 4 and 7.3): `charged`, `refunded`, and `retry` — 'same-key' (resend the same request with the SAME
// Idempotency-Key: nothing new is charged), 'new-order' (the order ended; a new order, a NEW key, may succeed), 'no'.
import { RESULT_CODES, type ResultClass, type ResultCodeInfo } from './generated/result-codes';
import type { Envelope, FieldError, Finished, FinishedItem } from './types';

export type RetryAdvice = 'same-key' | 'new-order' | 'no';

export abstract class RegapiError extends Error {
  /** Whether this order was (or may have been: 'unknown') debited. */
  abstract readonly charged: boolean | 'unknown';
  /** Whether the amount debited came back. */
  abstract readonly refunded: boolean;
  abstract readonly retry: RetryAdvice;
  /** The Idempotency-Key of the execution, when there was one: resend with it (never a new one after a timeout). */
  readonly idempotencyKey: string | undefined;

  constructor(message: string, idempotencyKey?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.idempotencyKey = idempotencyKey;
  }

  /** Whether any retry makes sense (with the same key or as a new order). */
  get retryable(): boolean {
    return this.retry !== 'no';
  }
}

/** No answer: the connection failed, was cut or timed out, on every attempt. An execution may have been accepted. */
export class RegapiNetworkError extends RegapiError {
  readonly charged: boolean | 'unknown';
  readonly refunded = false;
  readonly retry = 'same-key';
  readonly attempts: number;

  constructor(message: string, attempts: number, idempotencyKey: string | undefined, cause: unknown) {
    super(message, idempotencyKey, { cause });
    this.attempts = attempts;
    this.charged = idempotencyKey === undefined ? false : 'unknown';
  }
}

/** An answer with a transport status (4xx/5xx): the envelope's `code` is the status; nothing was charged. */
export class RegapiHttpError extends RegapiError {
  readonly charged = false;
  readonly refunded = false;
  readonly retry: RetryAdvice;
  readonly status: number;
  readonly code: number;
  readonly codeMessage: string;
  /** Cite it to support. */
  readonly requestId: string | null;
  /** Seconds the server asked to wait (429, 409, 503), when it said. */
  readonly retryAfterS: number | null;
  readonly envelope: Envelope | null;

  constructor(init: HttpErrorInit, retry: RetryAdvice = 'no') {
    super(`${init.status}: ${init.envelope?.code_message ?? 'resposta sem envelope'}`, init.idempotencyKey);
    this.status = init.status;
    this.code = init.envelope?.code ?? init.status;
    this.codeMessage = init.envelope?.code_message ?? '';
    this.requestId = init.envelope?.header.request_id ?? null;
    this.retryAfterS = init.retryAfterS;
    this.envelope = init.envelope;
    this.retry = retry;
  }
}

export interface HttpErrorInit {
  readonly status: number;
  readonly envelope: Envelope | null;
  readonly retryAfterS: number | null;
  readonly idempotencyKey?: string;
}

/** 401: token missing, malformed, revoked or expired. */
export class UnauthorizedError extends RegapiHttpError {}
/** 402: the balance does not cover the price; top up and resend with the SAME key (nothing was stored under it). */
export class InsufficientBalanceError extends RegapiHttpError {
  constructor(init: HttpErrorInit) {
    super(init, 'same-key');
  }
}
/** 403: the token lacks the product's scope, or is used from outside its IP allow-list. */
export class ForbiddenError extends RegapiHttpError {}
/** 404: unknown path, protocolo of no order of this account, or no document yet. */
export class NotFoundError extends RegapiHttpError {}
/** 422: the request is invalid; `fieldErrors` lists each field. Fix it: a retry as is fails again. */
export class ValidationError extends RegapiHttpError {
  get fieldErrors(): readonly FieldError[] {
    return this.envelope?.errors ?? [];
  }
}
/** 409, 429, 408, 5xx: the client already retried with backoff; resend later with the SAME key. */
export class RetryLaterError extends RegapiHttpError {
  constructor(init: HttpErrorInit) {
    super(init, 'same-key');
  }
}

/** Statuses a request is resent for, with the same key: nothing was charged by these answers. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 429, 500, 502, 503, 504]);

export function httpError(init: HttpErrorInit): RegapiHttpError {
  if (init.status === 401) return new UnauthorizedError(init);
  if (init.status === 402) return new InsufficientBalanceError(init);
  if (init.status === 403) return new ForbiddenError(init);
  if (init.status === 404) return new NotFoundError(init);
  if (init.status === 422) return new ValidationError(init);
  if (RETRY_STATUSES.has(init.status)) return new RetryLaterError(init);
  return new RegapiHttpError(init);
}

/**
 * 602 on a quote or an execution: not offered (office not found or out of service, unknown fee, the same record
 * ordered in the last 7 days...). Free: nothing charged, no order, the key unused — resend with the SAME key once
 * `motivo` no longer holds (`aceitoNovamenteAPartirDe`, when given).
 */
export class NotOfferedError extends RegapiError {
  readonly charged = false;
  readonly refunded = false;
  readonly retry: RetryAdvice;
  readonly motivo: string | null;
  readonly aceitoNovamenteAPartirDe: string | null;
  readonly envelope: Envelope;

  constructor(envelope: Envelope, idempotencyKey: string | undefined) {
    super(`602: ${envelope.code_message}`, idempotencyKey);
    const item = envelope.data[0] ?? {};
    const { motivo, aceito_novamente_a_partir_de: from } = item;
    this.motivo = typeof motivo === 'string' ? motivo : null;
    this.aceitoNovamenteAPartirDe = typeof from === 'string' ? from : null;
    this.envelope = envelope;
    this.retry = this.motivo === 'produto_fora_de_servico' ? 'no' : 'same-key';
  }
}

/** The class, refund and retry of a result code (contract 7.3); undefined for a code the table does not know. */
export function resultCodeInfo(code: number): ResultCodeInfo | undefined {
  return RESULT_CODES[code];
}

/** A finished order whose result is a failure (`erro_participante`, `retry`, `fatal`): the order was debited. */
export abstract class ResultError extends RegapiError {
  readonly charged = true;
  readonly refunded: boolean;
  readonly retry: RetryAdvice;
  abstract readonly resultClass: ResultClass;
  readonly code: number;
  readonly protocolo: string;
  /** Contract 7.5 (602, 603): the product is out of service until an operator puts it back. */
  readonly permanent: boolean;
  /** The finished answer, as the API gave it. */
  readonly result: Finished;

  constructor(protocolo: string, result: Finished, info: ResultCodeInfo) {
    super(`${result.code}: ${result.code_message}`);
    this.protocolo = protocolo;
    this.code = result.code;
    this.result = result;
    this.permanent = info.permanent;
    this.refunded = info.refunded;
    this.retry = info.retry ? 'new-order' : 'no';
  }

  get item(): FinishedItem | undefined {
    return this.result.data[0];
  }
}

/** `erro_participante` (608, 619, 620): the origin refused the DATA; not refunded; fix it and order again. */
export class ParticipantDataError extends ResultError {
  readonly resultClass = 'erro_participante';
}
/** `retry` (600, 605, 609...): momentary instability; refunded; a new order (new key) may succeed. */
export class RetryableResultError extends ResultError {
  readonly resultClass = 'retry';
}
/** `fatal` (601, 602, 603...): a defect on the service side; refunded; retrying is pointless. */
export class FatalResultError extends ResultError {
  readonly resultClass = 'fatal';
}

/** The error for a finished result, or undefined when it is an answer of the origin (sucesso, nada, indeterminado). */
export function resultError(protocolo: string, result: Finished): ResultError | undefined {
  const info = resultCodeInfo(result.code);
  if (info === undefined) return undefined;
  if (info.class === 'erro_participante') return new ParticipantDataError(protocolo, result, info);
  if (info.class === 'retry') return new RetryableResultError(protocolo, result, info);
  if (info.class === 'fatal') return new FatalResultError(protocolo, result, info);
  return undefined;
}

/** `waitForResult` / `waitForLote` gave up after its `timeoutMs`: the order goes on; poll the same protocolo later. */
export class WaitTimeoutError extends RegapiError {
  readonly charged = true;
  readonly refunded = false;
  readonly retry = 'same-key';

  constructor(readonly protocolo: string) {
    super(`${protocolo}: ainda sem resultado final; consulte o mesmo protocolo mais tarde`);
  }
}

/** A downloaded document whose SHA-256 is not its ETag's: the bytes were damaged on the way. */
export class DocumentIntegrityError extends RegapiError {
  readonly charged = false;
  readonly refunded = false;
  readonly retry = 'same-key';
}
