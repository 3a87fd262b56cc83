import {
  type PesquisaLoteRequest,
  type PesquisaNacionalRequest,
  transportMessage,
  type Validation,
  validateIdempotencyKey,
  validatePesquisaLoteBody,
  validatePesquisaNacionalBody,
  withResultStatusNote,
} from '@regapi/contracts';
import { contextOf, HttpError, readJsonBody, readJsonBodyUpTo, sendEnvelope } from '@regapi/http';
import { type RequestHandler, Router } from 'express';
import type { AuthContext } from '../auth/auth-context';
import { authOf } from '../auth/auth-context';
import { requireScope } from '../auth/require-scope';
import type { AcceptanceDeps, AcceptanceOutcome } from '../executions/acceptance';
import { sendAcceptanceOutcome } from '../executions/execution-router';
import { requestFingerprint } from '../executions/idempotency/fingerprint';
import { type BatchViewDeps, batchAnswer } from './batch-view';
import { acceptNationwide } from './nationwide-acceptance';
import { computeNationwideQuote, type NationwideQuoteAnswer, nationwideQuoteAnswer } from './nationwide-quote';
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

/** What the routes need of a kind of batch: its body's check, its quote as an answer, its acceptance. */
interface BatchKind<Body> {
  readonly validate: (body: unknown) => Validation<Body>;
  readonly quote: (deps: AcceptanceDeps, accountId: string, body: Body) => Promise<NationwideQuoteAnswer>;
  readonly accept: (deps: AcceptanceDeps, input: BatchInput<Body>) => Promise<AcceptanceOutcome>;
}

interface BatchInput<Body> {
  readonly caller: AuthContext;
  readonly body: Body;
  readonly key: string;
  readonly fingerprint: string;
  readonly requestId: string;
}

const NATIONWIDE: BatchKind<PesquisaNacionalRequest> = {
  validate: validatePesquisaNacionalBody,
  quote: async (deps, accountId, body) =>
    nationwideQuoteAnswer(await computeNationwideQuote(deps.db, await deps.planOf(accountId), body)),
  accept: acceptNationwide,
};

const TARGETS: BatchKind<PesquisaLoteRequest> = {
  validate: validatePesquisaLoteBody,
  quote: async (deps, accountId, body) =>
    targetsQuoteAnswer(await computeTargetsQuote(deps.db, await deps.planOf(accountId), body)),
  accept: acceptTargets,
};

/** A batch's free quote: 200 with the prices, or 602 (free, HTTP 200) naming what is not offered. */
function quoteHandler<Body>(deps: AcceptanceDeps, kind: BatchKind<Body>): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = kind.validate(req.body);
    if (!body.ok) throw new HttpError(422, transportMessage(422), body.errors);
    const answer = await kind.quote(deps, caller.accountId, body.value);
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
function executionHandler<Body>(deps: AcceptanceDeps, kind: BatchKind<Body>): RequestHandler {
  return async (req, res) => {
    const caller = authOf(res);
    const body = kind.validate(req.body);
    const key = validateIdempotencyKey(req.headers['idempotency-key']);
    if (!body.ok || !key.ok) {
      const errors = [...(key.ok ? [] : key.errors), ...(body.ok ? [] : body.errors)];
      throw new HttpError(422, transportMessage(422), errors);
    }
    const outcome = await kind.accept(deps, {
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
  router.post(NATIONWIDE_QUOTE_PATH, ...guards, requireScope(FONTE), readJsonBody, quoteHandler(deps, NATIONWIDE));
  router.post(
    NATIONWIDE_EXECUTION_PATH,
    ...guards,
    requireScope(FONTE),
    readJsonBody,
    executionHandler(deps, NATIONWIDE),
  );
  const targetsBody = readJsonBodyUpTo(TARGETS_BODY_LIMIT);
  router.post(TARGETS_QUOTE_PATH, ...guards, requireScope(FONTE), targetsBody, quoteHandler(deps, TARGETS));
  router.post(TARGETS_EXECUTION_PATH, ...guards, requireScope(FONTE), targetsBody, executionHandler(deps, TARGETS));
  router.get(BATCH_ROUTE, ...guards, batchHandler(deps));
  return router;
}
