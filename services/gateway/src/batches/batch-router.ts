import { transportMessage, validateIdempotencyKey, withResultStatusNote } from '@regapi/contracts';
import { contextOf, HttpError, readJsonBody, readJsonBodyUpTo, sendEnvelope } from '@regapi/http';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';
import { requireScope } from '../auth/require-scope';
import type { AcceptanceDeps } from '../executions/acceptance-outcome';
import { sendAcceptanceOutcome } from '../executions/execution-router';
import { requestFingerprint } from '../executions/idempotency/fingerprint';
import { acceptBatch, type BatchKind } from './batch-acceptance';
import { type BatchViewDeps, batchAnswer } from './batch-view';
import { NATIONWIDE_BATCH } from './nationwide-acceptance';
import { CERTIDAO_BATCH, VISUALIZACAO_BATCH } from './property-batch';
import { TARGETS_BATCH } from './targets-batch';

export const BATCH_ROUTE = '/v1/lotes/:lote';
/**
 * The body limit of the routes of batches of up to 1,000 items only (docs/decisions/0088, 0090): 1,000 items of at
 * most ~1 KiB each (a 200-character nome escaped in JSON included); every other route keeps the app's 32 KiB
 * (docs/decisions/0052). The edge admits bodies up to this on the API's host (k8s/base/edge.yaml, docs/decisions/0132).
 */
export const BATCH_BODY_LIMIT = '1mb';

/** A batch's free quote: 200 with the prices, or 602 (free, HTTP 200) naming what is not offered. */
function quoteHandler<Body, Quoted>(deps: AcceptanceDeps, kind: BatchKind<Body, Quoted>): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = kind.validate(req.body);
    if (!body.ok) throw new HttpError(422, transportMessage(422), body.errors);
    const answer = kind.answer(await kind.quote(deps.db, await deps.planOf(caller.accountId), body.value));
    sendEnvelope(res, 200, {
      code: answer.code,
      codeMessage: answer.code === 200 ? answer.codeMessage : withResultStatusNote(answer.codeMessage),
      billable: false,
      priceCentavos: 0,
      data: [answer.item],
    });
  };
}

/** A batch's paid execution: body and `Idempotency-Key` (422), then the acceptance, answered as any acceptance. */
function executionHandler<Body, Quoted>(deps: AcceptanceDeps, kind: BatchKind<Body, Quoted>): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = kind.validate(req.body);
    const key = validateIdempotencyKey(req.headers['idempotency-key']);
    if (!body.ok || !key.ok) {
      const errors = [...(key.ok ? [] : key.errors), ...(body.ok ? [] : body.errors)];
      throw new HttpError(422, transportMessage(422), errors);
    }
    const outcome = await acceptBatch(deps, kind, {
      caller,
      body: body.value,
      key: key.value,
      fingerprint: requestFingerprint(req.method, req.path, req.body),
      requestId: contextOf(res).requestId,
    });
    sendAcceptanceOutcome(res, outcome);
  };
}

function batchHandler(deps: BatchViewDeps): RequestHandler {
  return async (req, res) => {
    const { accountId } = authOf(res);
    const answer = await batchAnswer(deps, String(req.params.lote), accountId);
    // Another account's batch is answered exactly like a nonexistent one (contract 5.6).
    if (answer === undefined) throw new HttpError(404, 'Lote não encontrado.');
    sendEnvelope(res, answer.status, answer.envelope);
  };
}

/**
 * The quote and the execution of a kind of batch at `/v1/orcamento/<fonte>/<name>` and `/v1/consultas/<fonte>/<name>`,
 * under the product's scope.
 */
function batchRoutes<Body, Quoted>(
  router: Router,
  deps: AcceptanceDeps,
  guards: readonly RequestHandler[],
  route: { readonly name: string; readonly body: RequestHandler; readonly kind: BatchKind<Body, Quoted> },
): void {
  const { fonte } = route.kind;
  const scope = requireScope(fonte);
  router.post(`/v1/orcamento/${fonte}/${route.name}`, ...guards, scope, route.body, quoteHandler(deps, route.kind));
  router.post(`/v1/consultas/${fonte}/${route.name}`, ...guards, scope, route.body, executionHandler(deps, route.kind));
}

/**
 * The batches of issue 16 — the nationwide preliminary search (docs/decisions/0087), the many-targets batch (0088),
 * the batches of record views and of certificates (0090) — and `GET /v1/lotes/{lote}`, the combined view of a batch
 * (any token of the account, like a poll).
 */
export function batchRouter(deps: AcceptanceDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  const lote = readJsonBodyUpTo(BATCH_BODY_LIMIT);
  batchRoutes(router, deps, guards, { name: 'nacional', body: readJsonBody, kind: NATIONWIDE_BATCH });
  batchRoutes(router, deps, guards, { name: 'lote', body: lote, kind: TARGETS_BATCH });
  batchRoutes(router, deps, guards, { name: 'lote', body: lote, kind: VISUALIZACAO_BATCH });
  batchRoutes(router, deps, guards, { name: 'lote', body: lote, kind: CERTIDAO_BATCH });
  router.get(BATCH_ROUTE, ...guards, batchHandler(deps));
  return router;
}
