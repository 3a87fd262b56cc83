import { FONTES, type Fonte, transportMessage, validateRequest, withResultStatusNote } from '@regapi/contracts';
import { HttpError, readJsonBody, sendEnvelope } from '@regapi/http';
import type { Db } from '@regapi/ledger';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';
import { requireScope } from '../auth/require-scope';
import type { PlanLookup } from './plan-cache';
import { computeQuote, type QuoteRequest } from './quote';
import { quoteAnswer } from './quote-view';

function quoteHandler(db: Db, planOf: PlanLookup, fonte: Fonte): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const validation = validateRequest(fonte, req.body);
    if (!validation.ok) throw new HttpError(422, transportMessage(422), validation.errors);
    // The pair is built from the same `fonte`, so the body matches its product.
    const request = { fonte, body: validation.value } as QuoteRequest;
    const plan = await planOf(caller.accountId);
    const answer = quoteAnswer(await computeQuote(db, plan, request));
    // Contract 7.2: a result, 602 included, travels with HTTP 200 and the code in the envelope (decision 0025).
    sendEnvelope(res, 200, {
      code: answer.code,
      codeMessage: answer.code === 200 ? answer.codeMessage : withResultStatusNote(answer.codeMessage),
      billable: false,
      priceCentavos: 0,
      data: [answer.item],
    });
  };
}

/**
 * `POST /v1/orcamento/{fonte}` (contract 4 quote rules; issue 5 item 1; docs/decisions/0025): free, local, never the
 * origin. One route per product so each mounts its own scope: auth (401) → rate limit (429) → scope (403) → body read
 * (413, 422; docs/decisions/0052) → body checked (422) → quote.
 */
export function quoteRouter(guards: readonly RequestHandler[], db: Db, planOf: PlanLookup): Router {
  const router = Router();
  for (const fonte of FONTES) {
    router.post(
      `/v1/orcamento/${fonte}`,
      ...guards,
      requireScope(fonte),
      readJsonBody,
      quoteHandler(db, planOf, fonte),
    );
  }
  return router;
}
