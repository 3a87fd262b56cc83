import {
  transportMessage,
  validateIdempotencyKey,
  validatePesquisaLoteBody,
  validatePesquisaNacionalBody,
  withResultStatusNote,
} from '@regapi/contracts';
import { contextOf, HttpError, readJsonBody, readJsonBodyUpTo, sendEnvelope } from '@regapi/http';
import { type RequestHandler, Router } from 'express';
import { authOf } from '../auth/auth-context';
import { requireScope } from '../auth/require-scope';
import type { AcceptanceDeps } from '../executions/acceptance';
import { sendAcceptanceOutcome } from '../executions/execution-router';
import { requestFingerprint } from '../executions/idempotency/fingerprint';
import { type BatchViewDeps, batchAnswer } from './batch-view';
import { acceptNationwide } from './nationwide-acceptance';
import { computeNationwideQuote, nationwideQuoteAnswer } from './nationwide-quote';
import { acceptTargets, computeTargetsQuote, targetsQuoteAnswer } from './targets-batch';

const FONTE = 'pesquisa-previa-bens';
export const NATIONWIDE_QUOTE_PATH = '/v1/orcamento/pesquisa-previa-bens/nacional';
export const NATIONWIDE_EXECUTION_PATH = '/v1/consultas/pesquisa-previa-bens/nacional';
export const TARGETS_QUOTE_PATH = '/v1/orcamento/pesquisa-previa-bens/lote';
export const TARGETS_EXECUTION_PATH = '/v1/consultas/pesquisa-previa-bens/lote';
export const BATCH_ROUTE = '/v1/lotes/:lote';
/**
 * The body limit of the many-targets routes only (docs/decisions/0088): 1,000 items of at most ~1 KiB each (a 200-
 * character nome escaped in JSON included); every other route keeps the app's 32 KiB (docs/decisions/0052).
 */
export const TARGETS_BODY_LIMIT = '1mb';

function quoteHandler(deps: AcceptanceDeps): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = validatePesquisaNacionalBody(req.body);
    if (!body.ok) throw new HttpError(422, transportMessage(422), body.errors);
    const answer = nationwideQuoteAnswer(
      await computeNationwideQuote(deps.db, await deps.planOf(caller.accountId), body.value),
    );
    sendEnvelope(res, 200, {
      code: answer.code,
      codeMessage: answer.code === 200 ? answer.codeMessage : withResultStatusNote(answer.codeMessage),
      billable: false,
      priceCentavos: 0,
      data: [answer.item],
    });
  };
}

function executionHandler(deps: AcceptanceDeps): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = validatePesquisaNacionalBody(req.body);
    const key = validateIdempotencyKey(req.headers['idempotency-key']);
    if (!body.ok || !key.ok) {
      const errors = [...(key.ok ? [] : key.errors), ...(body.ok ? [] : body.errors)];
      throw new HttpError(422, transportMessage(422), errors);
    }
    const outcome = await acceptNationwide(deps, {
      caller,
      body: body.value,
      key: key.value,
      fingerprint: requestFingerprint(req.method, req.path, req.body),
      requestId: contextOf(res).requestId,
    });
    sendAcceptanceOutcome(res, outcome);
  };
}

function targetsQuoteHandler(deps: AcceptanceDeps): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = validatePesquisaLoteBody(req.body);
    if (!body.ok) throw new HttpError(422, transportMessage(422), body.errors);
    const answer = targetsQuoteAnswer(
      await computeTargetsQuote(deps.db, await deps.planOf(caller.accountId), body.value),
    );
    sendEnvelope(res, 200, {
      code: answer.code,
      codeMessage: answer.code === 200 ? answer.codeMessage : withResultStatusNote(answer.codeMessage),
      billable: false,
      priceCentavos: 0,
      data: [answer.item],
    });
  };
}

function targetsExecutionHandler(deps: AcceptanceDeps): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = validatePesquisaLoteBody(req.body);
    const key = validateIdempotencyKey(req.headers['idempotency-key']);
    if (!body.ok || !key.ok) {
      const errors = [...(key.ok ? [] : key.errors), ...(body.ok ? [] : body.errors)];
      throw new HttpError(422, transportMessage(422), errors);
    }
    const outcome = await acceptTargets(deps, {
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
    // Another account's batch is answered exactly like a nonexistent one (spec 5.6).
    if (answer === undefined) throw new HttpError(404, 'Lote não encontrado.');
    sendEnvelope(res, answer.status, answer.envelope);
  };
}

/**
 * The nationwide preliminary search (issue 16; docs/decisions/0087) and the many-targets batch (0088): their quotes
 * and executions under the product's scope, and `GET /v1/lotes/{lote}`, the combined view of a batch (any token of the account, like a poll).
 */
export function batchRouter(deps: AcceptanceDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.post(NATIONWIDE_QUOTE_PATH, ...guards, requireScope(FONTE), readJsonBody, quoteHandler(deps));
  router.post(NATIONWIDE_EXECUTION_PATH, ...guards, requireScope(FONTE), readJsonBody, executionHandler(deps));
  const targetsBody = readJsonBodyUpTo(TARGETS_BODY_LIMIT);
  router.post(TARGETS_QUOTE_PATH, ...guards, requireScope(FONTE), targetsBody, targetsQuoteHandler(deps));
  router.post(TARGETS_EXECUTION_PATH, ...guards, requireScope(FONTE), targetsBody, targetsExecutionHandler(deps));
  router.get(BATCH_ROUTE, ...guards, batchHandler(deps));
  return router;
}
