import { isUuid, WATCH_ESTADOS, WATCH_TIPOS, type WatchEstado, type WatchTipo } from '@regapi/contracts';
import { changeWatchState, getWatchForAccount, listAccountWatches, listWatchRuns, type Watch } from '@regapi/orders';
import type { Request, Response } from 'express';
import { type ConsoleSession, can, writeConsoleAudit } from '../../auth';
import { sendApiFailure, sendApiRefusal } from '../api/api-pages';
import { type ConsoleApi, createConsoleApi } from '../api/console-api';
import { isFormNonce, newFormNonce, watchCreationKey } from '../api/execution-key';
import type { ConsoleArea, ConsoleContext } from '../console-context';
import { formField, notFound, queryParam, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { earlierUseOfForm } from '../single-use-form';
import { dataDb } from '../test-mode';
import { inTestMode } from '../test-mode-frame';
import {
  isWatchTipo,
  watchBodyOf,
  watchChooserPage,
  watchConfirmationPage,
  watchFormPage,
  watchUnavailablePage,
  watchValuesOf,
} from './watch-form';
import { type WatchListRequest, watchDetailPage, watchListPage, watchRemoveConfirmPage } from './watch-pages';

const PAGE_SIZE = 25;
const RUNS_SHOWN = 50;

const NOTICE: Readonly<Record<string, string>> = {
  criado: 'Monitoramento criado: a primeira execução está planejada para agora.',
  pausado: 'Monitoramento pausado: nenhuma execução até retomá-lo.',
  retomado: 'Monitoramento retomado: a próxima execução segue o calendário desde a criação.',
  removido: 'Monitoramento removido: não executa mais; seu histórico continua visível.',
};

type WatchAction = 'watch.create' | 'watch.pause' | 'watch.resume' | 'watch.delete';

function listRequestOf(req: Request): WatchListRequest {
  const read = (name: string) => (queryParam(req, name) ?? '').trim();
  const request = { estado: read('estado'), tipo: read('tipo'), antes: read('antes') };
  const problems: string[] = [];
  if (request.estado !== '' && !(WATCH_ESTADOS as readonly string[]).includes(request.estado)) {
    problems.push('Situação desconhecida.');
  }
  if (request.tipo !== '' && !(WATCH_TIPOS as readonly string[]).includes(request.tipo)) {
    problems.push('Tipo desconhecido.');
  }
  if (request.antes !== '' && !/^[1-9]\d{0,17}$/.test(request.antes)) problems.push('Página inválida.');
  return { ...request, problems };
}

async function accountWatch(context: ConsoleContext, viewer: ConsoleSession, id: unknown): Promise<Watch | undefined> {
  if (typeof id !== 'string' || !isUuid(id)) return undefined;
  return getWatchForAccount(dataDb(context, viewer), viewer.accountId, id.toLowerCase());
}

async function audit(
  context: ConsoleContext,
  viewer: ConsoleSession,
  action: WatchAction,
  watchId: string,
  extra: Record<string, string> = {},
): Promise<void> {
  await writeConsoleAudit(context.db, {
    accountId: viewer.accountId,
    userId: viewer.userId,
    action,
    target: watchId,
    at: context.clock.now(),
    // An action in test mode names its environment: the watch is the sandbox's (docs/decisions/0146).
    params: { ...extra, ...(inTestMode(viewer) ? { ambiente: 'teste' } : {}) },
  });
}

/** The nonce of a posted form; a missing or malformed one gets a fresh form (nothing was sent to the API yet). */
function postedNonce(req: Request): string | undefined {
  const nonce = formField(req, 'nonce');
  return isFormNonce(nonce) ? nonce : undefined;
}

async function quote(api: ConsoleApi, req: Request, res: Response, tipo: WatchTipo): Promise<void> {
  const viewer = viewerOf(res);
  const values = watchValuesOf(tipo, (name) => formField(req, name));
  const nonce = postedNonce(req);
  if (nonce === undefined) {
    sendPage(res, 400, watchFormPage(viewer, tipo, { values, nonce: newFormNonce() }));
    return;
  }
  const answer = await api.client.watchQuote(await api.tokenFor(viewer), watchBodyOf(tipo, values));
  if (answer.status === 422) {
    sendPage(res, 422, watchFormPage(viewer, tipo, { values, nonce, refusal: answer.envelope }));
  } else if (answer.status === 200 && answer.envelope.code === 200) {
    sendPage(res, 200, watchConfirmationPage(viewer, tipo, { values, nonce }, answer.envelope));
  } else if (answer.status === 200) {
    sendPage(res, 200, watchUnavailablePage(viewer, tipo, answer.envelope));
  } else {
    sendApiRefusal(res, viewer, 'Orçamento não obtido', answer);
  }
}

/**
 * The creation under a key derived from the form (decision 0167): the same confirmation sent again is the API's replay
 * of the same watch, and the audit row is written once per form (its lock and its `formulario`, decision 0074).
 */
async function create(
  context: ConsoleContext,
  api: ConsoleApi,
  req: Request,
  res: Response,
  tipo: WatchTipo,
): Promise<void> {
  const viewer = viewerOf(res);
  const values = watchValuesOf(tipo, (name) => formField(req, name));
  const nonce = postedNonce(req);
  if (nonce === undefined) {
    sendPage(res, 400, watchFormPage(viewer, tipo, { values, nonce: newFormNonce() }));
    return;
  }
  const body = watchBodyOf(tipo, values);
  const answer = await api.client.createWatch(
    await api.tokenFor(viewer),
    body,
    watchCreationKey(viewer.csrfSecret, nonce, body),
  );
  const id = answer.envelope.data[0]?.id;
  if (answer.status === 201 && typeof id === 'string') {
    await context.db.transaction().execute(async (trx) => {
      if ((await earlierUseOfForm(trx, viewer.accountId, 'watch.create', nonce)) !== undefined) return;
      await writeConsoleAudit(trx, {
        accountId: viewer.accountId,
        userId: viewer.userId,
        action: 'watch.create',
        target: id,
        at: context.clock.now(),
        params: { formulario: nonce, tipo, ...(inTestMode(viewer) ? { ambiente: 'teste' } : {}) },
      });
    });
    res.redirect(303, `/monitoramentos/${id}?aviso=criado`);
  } else if (answer.status === 422) {
    sendPage(res, 422, watchFormPage(viewer, tipo, { values, nonce: newFormNonce(), refusal: answer.envelope }));
  } else if (answer.status === 200) {
    sendPage(res, 200, watchUnavailablePage(viewer, tipo, answer.envelope));
  } else {
    sendApiRefusal(res, viewer, 'Monitoramento não criado', answer);
  }
}

/**
 * The Monitoramentos area (issue 30; docs/decisions/0152, 0160, 0161, 0167): the account's watches (orders:read) read
 * through libs/orders in the environment the session looks at, as the orders list is; creating one through the API
 * (quote, then creation under an Idempotency-Key) with the session's token, as "Nova consulta" does; pausing, resuming
 * and removing it (after a page that asks) through the same store as the API's (orders:run). Every action is in the
 * console's audit trail; another account's watch is a 404.
 */
export const monitoramentosArea: ConsoleArea = (router, context) => {
  const api = createConsoleApi(context);
  const throughApi =
    (action: (req: Request, res: Response, tipo: WatchTipo) => Promise<void>) =>
    async (req: Request, res: Response) => {
      const tipo = req.params.tipo;
      if (!isWatchTipo(tipo)) {
        notFound(res);
        return;
      }
      try {
        await action(req, res, tipo);
      } catch (error: unknown) {
        if (!sendApiFailure(res, viewerOf(res), error)) throw error;
      }
    };

  router.get('/monitoramentos', ...context.guard.page('orders:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const request = listRequestOf(req);
    const notice = NOTICE[queryParam(req, 'aviso') ?? ''];
    const view = {
      viewer,
      request,
      canManage: can(viewer.role, 'orders:run'),
      ...(notice === undefined ? {} : { notice }),
    };
    if (request.problems.length > 0) {
      sendPage(res, 400, watchListPage({ ...view, watches: [], more: false }));
      return;
    }
    const page = await listAccountWatches(
      dataDb(context, viewer),
      viewer.accountId,
      {
        ...(request.estado === '' ? {} : { estado: request.estado as WatchEstado }),
        ...(request.tipo === '' ? {} : { kind: request.tipo as WatchTipo }),
      },
      { limit: PAGE_SIZE, ...(request.antes === '' ? {} : { beforeSeq: request.antes }) },
    );
    sendPage(res, 200, watchListPage({ ...view, watches: page.watches, more: page.more }));
  });

  router.get('/monitoramentos/novo', ...context.guard.page('orders:run'), (_req, res) => {
    sendPage(res, 200, watchChooserPage(viewerOf(res)));
  });
  router.get(
    '/monitoramentos/novo/:tipo',
    ...context.guard.page('orders:run'),
    throughApi(async (req, res, tipo) => {
      const values = watchValuesOf(tipo, (name) => queryParam(req, name));
      sendPage(res, 200, watchFormPage(viewerOf(res), tipo, { values, nonce: newFormNonce() }));
    }),
  );
  router.post(
    '/monitoramentos/novo/:tipo/orcamento',
    ...context.guard.form('orders:run'),
    throughApi((req, res, tipo) => quote(api, req, res, tipo)),
  );
  router.post(
    '/monitoramentos/novo/:tipo/criar',
    ...context.guard.form('orders:run'),
    throughApi((req, res, tipo) => create(context, api, req, res, tipo)),
  );

  router.get('/monitoramentos/:id', ...context.guard.page('orders:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const watch = await accountWatch(context, viewer, req.params.id);
    const runs =
      watch === undefined
        ? undefined
        : await listWatchRuns(
            dataDb(context, viewer),
            { accountId: viewer.accountId, watchId: watch.id },
            { limit: RUNS_SHOWN },
          );
    if (watch === undefined || runs === undefined) {
      notFound(res);
      return;
    }
    const notice = NOTICE[queryParam(req, 'aviso') ?? ''];
    sendPage(
      res,
      200,
      watchDetailPage({
        viewer,
        watch,
        runs: runs.runs,
        moreRuns: runs.more,
        canManage: can(viewer.role, 'orders:run'),
        ...(notice === undefined ? {} : { notice }),
      }),
    );
  });

  const changeState = (path: 'pausar' | 'retomar', action: 'pause' | 'resume') =>
    router.post(`/monitoramentos/:id/${path}`, ...context.guard.form('orders:run'), async (req, res) => {
      await changeThroughForm(context, req, res, action);
    });
  changeState('pausar', 'pause');
  changeState('retomar', 'resume');

  router.get('/monitoramentos/:id/remover', ...context.guard.page('orders:run'), async (req, res) => {
    const viewer = viewerOf(res);
    const watch = await accountWatch(context, viewer, req.params.id);
    if (watch === undefined || watch.estado === 'removido') {
      if (watch === undefined) notFound(res);
      else res.redirect(303, `/monitoramentos/${watch.id}`);
      return;
    }
    sendPage(res, 200, watchRemoveConfirmPage(viewer, watch));
  });
  router.post('/monitoramentos/:id/remover', ...context.guard.form('orders:run'), async (req, res) => {
    await changeThroughForm(context, req, res, 'remove');
  });
};

const ACTION_OF = { pause: 'watch.pause', resume: 'watch.resume', remove: 'watch.delete' } as const;
const NOTICE_OF = { pause: 'pausado', resume: 'retomado', remove: 'removido' } as const;

/**
 * Pause, resume or remove with the API's own store function (the watch's row lock, decision 0161); the audit row only
 * when the state changed, so a second click (already paused) records nothing new. Pausing a removed watch changes
 * nothing: back to its page.
 */
async function changeThroughForm(
  context: ConsoleContext,
  req: Request,
  res: Response,
  action: 'pause' | 'resume' | 'remove',
): Promise<void> {
  const viewer = viewerOf(res);
  const watch = await accountWatch(context, viewer, req.params.id);
  if (watch === undefined) {
    notFound(res);
    return;
  }
  const change = await changeWatchState(
    dataDb(context, viewer),
    { accountId: viewer.accountId, id: watch.id, action },
    context.clock.now(),
  );
  if (change === undefined) {
    notFound(res);
    return;
  }
  if (change.kind === 'removed') {
    res.redirect(303, `/monitoramentos/${watch.id}`);
    return;
  }
  if (change.changed) await audit(context, viewer, ACTION_OF[action], watch.id, { tipo: watch.kind });
  res.redirect(
    303,
    action === 'remove' ? '/monitoramentos?aviso=removido' : `/monitoramentos/${watch.id}?aviso=${NOTICE_OF[action]}`,
  );
}
