import { transportMessage } from '@regapi/contracts';
import { HttpError, readJsonBody, sendEnvelope } from '@regapi/http';
import { changeWatchState, getWatchForAccount, listAccountWatches, listWatchRuns } from '@regapi/orders';
import { type RequestHandler, type Response, Router } from 'express';
import { authOf } from '../auth/auth-context';
import type { AcceptanceDeps } from '../executions/acceptance-outcome';
import { createHandler, quoteHandler } from './watch-post-handlers';
import { parseWatchListQuery, parseWatchRunsQuery, runCursor, watchCursor } from './watch-queries';
import { runItem, watchItem } from './watch-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another account's watch, a missing one and a malformed id are the same 404 (contract 5.6, as an order's). */
const notFound = (): HttpError => new HttpError(404, 'Monitoramento não encontrado nesta conta.');

function watchIdOf(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

function free(res: Response, status: number, codeMessage: string, data: readonly Record<string, unknown>[]): void {
  sendEnvelope(res, status, { code: status, codeMessage, billable: false, priceCentavos: 0, data });
}

const STATE_ANSWERS = {
  pause: ['Monitoramento pausado: nenhuma execução até ser retomado.', 'O monitoramento já estava pausado.'],
  resume: [
    'Monitoramento retomado: a próxima execução está em data[0].proxima_execucao_em.',
    'O monitoramento já estava ativo.',
  ],
  remove: [
    'Monitoramento removido: não executa mais; o histórico continua em GET .../execucoes.',
    'O monitoramento já estava removido.',
  ],
} as const;

function stateHandler(deps: AcceptanceDeps, action: keyof typeof STATE_ANSWERS): RequestHandler {
  return async (req, res) => {
    const target = { accountId: authOf(res).accountId, id: watchIdOf(req.params.id), action };
    const change = await changeWatchState(deps.db, target, deps.clock.now(), deps.timeScale);
    if (change === undefined) throw notFound();
    if (change.kind === 'removed') {
      throw new HttpError(409, 'Este monitoramento foi removido e não volta a executar: crie outro.');
    }
    const [changed, unchanged] = STATE_ANSWERS[action];
    free(res, 200, change.changed ? changed : unchanged, [watchItem(change.watch)]);
  };
}

/**
 * Property monitoring (issue 30; docs/decisions/0152, 0160, 0161): the quote, create (under an `Idempotency-Key`),
 * list, read, pause, resume, remove and the history of runs. Free: each run is an ordinary order, charged when placed.
 * Creating and quoting need the scope of the product the runs are; the rest any token of the account. Another
 * account's watch is a 404.
 */
export function watchRouter(deps: AcceptanceDeps, guards: readonly RequestHandler[]): Router {
  const router = Router();
  router.post('/v1/monitoramentos/orcamento', ...guards, readJsonBody, quoteHandler(deps));
  router.post('/v1/monitoramentos', ...guards, readJsonBody, createHandler(deps));

  router.get('/v1/monitoramentos', ...guards, async (req, res) => {
    const parsed = parseWatchListQuery(req.query);
    if (!parsed.ok) throw new HttpError(422, transportMessage(422), parsed.errors);
    const { filter, limit, beforeSeq } = parsed.value;
    const page = await listAccountWatches(deps.db, authOf(res).accountId, filter, {
      limit,
      ...(beforeSeq === undefined ? {} : { beforeSeq }),
    });
    const last = page.watches.at(-1);
    free(
      res,
      200,
      page.more
        ? 'Uma página de monitoramentos: peça a próxima com cursor=data[0].proximo_cursor.'
        : 'Monitoramentos da conta: última página.',
      [
        {
          monitoramentos: page.watches.map(watchItem),
          proximo_cursor: page.more && last !== undefined ? watchCursor(last.seq) : null,
        },
      ],
    );
  });

  router.get('/v1/monitoramentos/:id', ...guards, async (req, res) => {
    const watch = await getWatchForAccount(deps.db, authOf(res).accountId, watchIdOf(req.params.id));
    if (watch === undefined) throw notFound();
    free(res, 200, 'Monitoramento.', [watchItem(watch)]);
  });

  router.delete('/v1/monitoramentos/:id', ...guards, stateHandler(deps, 'remove'));
  router.post('/v1/monitoramentos/:id/pausar', ...guards, stateHandler(deps, 'pause'));
  router.post('/v1/monitoramentos/:id/retomar', ...guards, stateHandler(deps, 'resume'));

  router.get('/v1/monitoramentos/:id/execucoes', ...guards, async (req, res) => {
    const watchId = watchIdOf(req.params.id);
    const parsed = parseWatchRunsQuery(req.query);
    if (!parsed.ok) throw new HttpError(422, transportMessage(422), parsed.errors);
    const { limit, beforePlannedAt } = parsed.value;
    const page = await listWatchRuns(
      deps.db,
      { accountId: authOf(res).accountId, watchId },
      { limit, ...(beforePlannedAt === undefined ? {} : { beforePlannedAt }) },
    );
    if (page === undefined) throw notFound();
    const last = page.runs.at(-1);
    free(
      res,
      200,
      page.more
        ? 'Uma página do histórico: peça a próxima com cursor=data[0].proximo_cursor.'
        : 'Histórico do monitoramento: última página.',
      [
        {
          execucoes: page.runs.map(runItem),
          proximo_cursor: page.more && last !== undefined ? runCursor(last.plannedAt) : null,
        },
      ],
    );
  });
  return router;
}
