import {
  FONTES,
  type Fonte,
  IDEMPOTENCY_KEY_HEADER,
  OPEN_ORDER_LIMIT_RETRY_AFTER_S,
  openOrderLimitMessage,
  transportMessage,
  validateIdempotencyKey,
  validateRequest,
  withResultStatusNote,
} from '@regapi/contracts';
import { contextOf, HttpError, readJsonBody, sendEnvelope } from '@regapi/http';
import { type RequestHandler, type Response, Router } from 'express';
import { authOf } from '../auth/auth-context';
import { requireScope } from '../auth/require-scope';
import type { QuoteRequest } from '../quotes/quote';
import { type AcceptanceDeps, type AcceptanceOutcome, acceptExecution } from './acceptance';
import { requestFingerprint } from './idempotency/fingerprint';

/** architecture rule 4 (the IETF draft's name): this answer is the stored one, not a new acceptance. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const KEY_REUSED_MESSAGE =
  'Esta Idempotency-Key já foi usada nas últimas 24 horas com outro pedido (outro produto ou outro corpo). Gere um UUID novo para um pedido novo; para repetir o mesmo pedido, reenvie exatamente o mesmo corpo.';

/**
 * The answer of an acceptance, one UF or a batch alike: 202 accepted; the stored answer replayed; 422 for a key used
 * with another request; 602 with HTTP 200 when nothing is offered; 402; 429 at the plan's open-order limit (decision
 * 0084); 409 while the same key is still being accepted. Nothing is charged for any refusal.
 */
export function sendAcceptanceOutcome(res: Response, outcome: AcceptanceOutcome): void {
  switch (outcome.kind) {
    case 'accepted':
      res.status(202).json(outcome.response);
      return;
    case 'replayed':
      res.setHeader(REPLAYED_HEADER, 'true');
      res.status(outcome.status).json(outcome.response);
      return;
    case 'key-reused':
      throw new HttpError(422, transportMessage(422), [
        { campo: IDEMPOTENCY_KEY_HEADER, regra: 'reused-with-other-request', mensagem: KEY_REUSED_MESSAGE },
      ]);
    case 'unavailable':
      // Contract 7.2 and 7.6: a result (602, free) travels with HTTP 200; the client acts on `code`.
      sendEnvelope(res, 200, {
        code: 602,
        codeMessage: withResultStatusNote(outcome.codeMessage),
        billable: false,
        priceCentavos: 0,
        data: [outcome.item],
      });
      return;
    case 'insufficient-balance':
      throw new HttpError(402, transportMessage(402));
    case 'too-many-open':
      // Contract 7.1: a transport refusal, `code` = status, with Retry-After; nothing charged, the key not consumed.
      throw new HttpError(429, openOrderLimitMessage(outcome.open, outcome.limit, outcome.adding), [], {
        'Retry-After': String(OPEN_ORDER_LIMIT_RETRY_AFTER_S),
      });
    case 'key-busy':
      throw new HttpError(409, transportMessage(409), [], { 'Retry-After': '1' });
  }
}

function executionHandler(deps: AcceptanceDeps, fonte: Fonte): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = validateRequest(fonte, req.body);
    const key = validateIdempotencyKey(req.headers['idempotency-key']);
    if (!body.ok || !key.ok) {
      const errors = [...(key.ok ? [] : key.errors), ...(body.ok ? [] : body.errors)];
      throw new HttpError(422, transportMessage(422), errors);
    }
    const outcome = await acceptExecution(deps, {
      caller,
      // The pair is built from the same `fonte`, so the body matches its product.
      request: { fonte, body: body.value } as QuoteRequest,
      key: key.value,
      fingerprint: requestFingerprint(req.method, req.path, req.body),
      requestId: contextOf(res).requestId,
    });
    sendAcceptanceOutcome(res, outcome);
  };
}

/**
 * `POST /v1/consultas/{fonte}` (contract 4, issue 5 item 2): auth (401) → rate limit (429) → scope (403) → body read
 * (413, 422; docs/decisions/0052) → body and `Idempotency-Key` (422) → acceptance (its own 602, 429 for the plan's
 * open-order limit, 402: docs/decisions/0084). One route per product so each mounts its own scope.
 */
export function executionRouter(deps: AcceptanceDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  for (const fonte of FONTES) {
    router.post(`/v1/consultas/${fonte}`, ...guards, requireScope(fonte), readJsonBody, executionHandler(deps, fonte));
  }
  return router;
}
