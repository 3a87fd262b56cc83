import {
  transportMessage,
  validateIdempotencyKey,
  validateWatchBody,
  WATCH_TIPOS,
  type WatchTipo,
  withResultStatusNote,
} from '@regapi/contracts';
import { contextOf, HttpError, sendEnvelope } from '@regapi/http';
import type { RequestHandler, Response } from 'express';
import { authOf } from '../auth/auth-context';
import type { AcceptanceDeps } from '../executions/acceptance-outcome';
import { sendAcceptanceOutcome } from '../executions/execution-router';
import { requestFingerprint } from '../executions/idempotency/fingerprint';
import { createWatchUnderKey, requireWatchScope } from './watch-creation';
import { computeWatchQuote, watchPriceItem } from './watch-quote';

// The two POSTs with a watch's body (docs/decisions/0160): its free quote and its creation under an Idempotency-Key.

/** The scope of the product a watch's runs are, as soon as the body names a valid `tipo` (403 before its fields). */
function scopeOfBody(res: Response, body: unknown): void {
  const tipo = typeof body === 'object' && body !== null ? (body as { tipo?: unknown }).tipo : undefined;
  if ((WATCH_TIPOS as readonly unknown[]).includes(tipo)) requireWatchScope(authOf(res), tipo as WatchTipo);
}

/** `POST /v1/monitoramentos/orcamento`: the product's quote of one run and the projected month; free (200 or 602). */
export function quoteHandler(deps: AcceptanceDeps): RequestHandler {
  return async (req, res) => {
    scopeOfBody(res, req.body);
    const parsed = validateWatchBody(req.body);
    if (!parsed.ok) throw new HttpError(422, transportMessage(422), parsed.errors);
    const { pedido, frequencia } = parsed.value;
    const quote = await computeWatchQuote(deps.db, await deps.planOf(authOf(res).accountId), pedido, frequencia);
    const { code, codeMessage } = quote.product;
    sendEnvelope(res, 200, {
      code,
      codeMessage: quote.ok
        ? 'Orçamento do monitoramento: o preço de cada execução e o custo mensal projetado estão em data[0].preco. Nada foi cobrado.'
        : withResultStatusNote(codeMessage),
      billable: false,
      priceCentavos: 0,
      data: [
        {
          tipo: pedido.tipo,
          frequencia,
          disponivel: quote.ok,
          preco: watchPriceItem(quote),
          orcamento: quote.product.item,
        },
      ],
    });
  };
}

/** `POST /v1/monitoramentos`: body and key (422), then `createWatchUnderKey`; 201, or an acceptance's answers. */
export function createHandler(deps: AcceptanceDeps): RequestHandler {
  return async (req, res) => {
    scopeOfBody(res, req.body);
    const body = validateWatchBody(req.body);
    const key = validateIdempotencyKey(req.headers['idempotency-key']);
    if (!body.ok || !key.ok) {
      throw new HttpError(422, transportMessage(422), [...(key.ok ? [] : key.errors), ...(body.ok ? [] : body.errors)]);
    }
    const outcome = await createWatchUnderKey(deps, {
      caller: authOf(res),
      request: body.value,
      key: key.value,
      fingerprint: requestFingerprint(req.method, req.path, req.body),
      requestId: contextOf(res).requestId,
    });
    if (outcome.kind === 'created') {
      res.status(201).json(outcome.response);
      return;
    }
    if (outcome.kind === 'not-admitted') throw new HttpError(422, transportMessage(422), outcome.errors);
    sendAcceptanceOutcome(res, outcome);
  };
}
