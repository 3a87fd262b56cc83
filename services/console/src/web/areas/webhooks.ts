import { randomUUID } from 'node:crypto';
import { isUuid } from '@regapi/contracts';
import {
  deleteEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  parseWebhookBody,
  queueTestDelivery,
  registerEndpoint,
  replayDelivery,
  setEndpointEnabled,
  type WebhookEndpointView,
} from '@regapi/webhook-endpoints';
import type { Request, Response } from 'express';
import { type ConsoleSession, can, writeConsoleAudit } from '../../auth';
import type { ConsoleArea, ConsoleContext } from '../console-context';
import { formField, formFields, notFound, queryParam, sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { earlierUseOfForm } from '../single-use-form';
import { actWithAudit, dataDb } from '../test-mode';
import { inTestMode } from '../test-mode-frame';
import {
  type WebhookFormProblem,
  type WebhookFormValues,
  webhookDetailPage,
  webhookFormPage,
  webhookFormUsedPage,
  webhookListPage,
  webhookRemoveConfirmPage,
  webhookSecretPage,
} from './webhooks-pages';

const NOTICE: Readonly<Record<string, string>> = {
  desativado: 'Webhook desativado: nenhum aviso será enviado até reativá-lo.',
  reativado: 'Webhook reativado.',
  reenviado: 'Entrega agendada para reenvio.',
  removido: 'Webhook removido, com suas entregas.',
  teste: 'Evento de teste agendado: ele aparece nas entregas abaixo em instantes (recarregue a página).',
  'teste-desativado': 'Evento de teste agendado: este webhook está desativado e o recebe quando for reativado.',
};

type WebhookAction =
  | 'webhook.create'
  | 'webhook.enable'
  | 'webhook.disable'
  | 'webhook.delete'
  | 'webhook.replay'
  | 'webhook.test';

/**
 * The Webhooks area (issue 17; docs/decisions/0093-0095): the account's production endpoints (tokens:read), registering
 * one whose secret is shown once, turning one off and on, removing it (after a page that asks), sending a delivery
 * again and sending a test event (decision 0140) (tokens:manage — webhooks are integration settings, like tokens). The
 * same store and the same URL rules as the API's `/v1/webhooks`; every action in the console's audit trail; another
 * account's endpoint is a 404.
 */
export const webhooksArea: ConsoleArea = (router, context) => {
  router.get('/webhooks', ...context.guard.page('tokens:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const notice = NOTICE[queryParam(req, 'aviso') ?? ''];
    sendPage(
      res,
      200,
      webhookListPage({
        viewer,
        endpoints: await listEndpoints(dataDb(context, viewer), viewer.accountId),
        canManage: can(viewer.role, 'tokens:manage'),
        ...(notice === undefined ? {} : { notice }),
      }),
    );
  });

  router.get('/webhooks/novo', ...context.guard.page('tokens:manage'), (_req, res) => {
    sendPage(
      res,
      200,
      webhookFormPage({ viewer: viewerOf(res), formId: randomUUID(), values: { url: '', events: [] }, problems: [] }),
    );
  });

  router.post('/webhooks', ...context.guard.form('tokens:manage'), async (req, res) => {
    await registerThroughForm(context, req, res);
  });

  router.get('/webhooks/:id', ...context.guard.page('tokens:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const endpoint = await accountEndpoint(context, viewer, req.params.id);
    if (endpoint === undefined) {
      notFound(res);
      return;
    }
    const notice = NOTICE[queryParam(req, 'aviso') ?? ''];
    sendPage(
      res,
      200,
      webhookDetailPage({
        viewer,
        endpoint,
        deliveries: (await listDeliveries(dataDb(context, viewer), viewer.accountId, endpoint.id)) ?? [],
        canManage: can(viewer.role, 'tokens:manage'),
        ...(notice === undefined ? {} : { notice }),
      }),
    );
  });

  router.post('/webhooks/:id/ativo', ...context.guard.form('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const endpoint = await accountEndpoint(context, viewer, req.params.id);
    const wanted = formField(req, 'ativo');
    if (endpoint === undefined || (wanted !== 'sim' && wanted !== 'nao')) {
      notFound(res);
      return;
    }
    const enabled = wanted === 'sim';
    const now = context.clock.now();
    await actWithAudit(context, viewer, async (data, trx) => {
      await setEndpointEnabled(data, viewer.accountId, endpoint.id, enabled, now);
      await audit(trx, viewer, enabled ? 'webhook.enable' : 'webhook.disable', endpoint, now);
    });
    res.redirect(303, `/webhooks/${endpoint.id}?aviso=${enabled ? 'reativado' : 'desativado'}`);
  });

  router.get('/webhooks/:id/remover', ...context.guard.page('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const endpoint = await accountEndpoint(context, viewer, req.params.id);
    if (endpoint === undefined) {
      notFound(res);
      return;
    }
    sendPage(res, 200, webhookRemoveConfirmPage(viewer, endpoint));
  });

  router.post('/webhooks/:id/remover', ...context.guard.form('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const endpoint = await accountEndpoint(context, viewer, req.params.id);
    if (endpoint === undefined) {
      notFound(res);
      return;
    }
    const now = context.clock.now();
    await actWithAudit(context, viewer, async (data, trx) => {
      await deleteEndpoint(data, viewer.accountId, endpoint.id);
      await audit(trx, viewer, 'webhook.delete', endpoint, now);
    });
    res.redirect(303, '/webhooks?aviso=removido');
  });

  // Decision 0140: the same test event as POST /v1/webhooks/{id}/testar, in the environment the session looks at: in
  // test mode the sandbox's endpoint, queued in the sandbox's database, its body saying `ambiente: teste` (0146).
  router.post('/webhooks/:id/testar', ...context.guard.form('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const endpoint = await accountEndpoint(context, viewer, req.params.id);
    if (endpoint === undefined) {
      notFound(res);
      return;
    }
    const now = context.clock.now();
    const ambiente = inTestMode(viewer) ? 'teste' : 'producao';
    const queued = await actWithAudit(context, viewer, async (data, trx) => {
      const test = await queueTestDelivery(
        data,
        { accountId: viewer.accountId, endpointId: endpoint.id, ambiente },
        now,
      );
      if (test !== undefined) await audit(trx, viewer, 'webhook.test', endpoint, now, { entrega: test.id });
      return test;
    });
    if (queued === undefined) {
      notFound(res);
      return;
    }
    res.redirect(303, `/webhooks/${endpoint.id}?aviso=${queued.enabled ? 'teste' : 'teste-desativado'}`);
  });

  router.post('/webhooks/:id/entregas/:entrega/reenviar', ...context.guard.form('tokens:manage'), async (req, res) => {
    const viewer = viewerOf(res);
    const endpoint = await accountEndpoint(context, viewer, req.params.id);
    const deliveryId: unknown = req.params.entrega;
    if (endpoint === undefined || typeof deliveryId !== 'string' || !isUuid(deliveryId)) {
      notFound(res);
      return;
    }
    const now = context.clock.now();
    const replayed = await actWithAudit(context, viewer, async (data, trx) => {
      const done = await replayDelivery(data, viewer.accountId, endpoint.id, deliveryId, now);
      if (done) await audit(trx, viewer, 'webhook.replay', endpoint, now, { entrega: deliveryId });
      return done;
    });
    if (!replayed) {
      notFound(res);
      return;
    }
    res.redirect(303, `/webhooks/${endpoint.id}?aviso=reenviado`);
  });
};

async function accountEndpoint(
  context: ConsoleContext,
  viewer: ConsoleSession,
  endpointId: unknown,
): Promise<WebhookEndpointView | undefined> {
  if (typeof endpointId !== 'string' || !isUuid(endpointId)) return undefined;
  return findEndpoint(dataDb(context, viewer), viewer.accountId, endpointId);
}

/** The form's problems from the API's own body rules (parseWebhookBody), keyed by the form's fields. */
function problemsOf(values: WebhookFormValues, allowHttp: boolean) {
  const parsed = parseWebhookBody({ url: values.url, eventos: values.events }, { partial: false, allowHttp });
  if (parsed.ok) return { ok: true as const, value: parsed.value };
  const problems: WebhookFormProblem[] = parsed.errors.map((error) => ({
    field: error.campo === 'url' || error.campo === 'eventos' ? error.campo : 'form',
    message: error.campo === 'eventos' ? 'Escolha ao menos um evento.' : (error.mensagem ?? 'Valor não aceito.'),
  }));
  return { ok: false as const, problems };
}

/** POST /webhooks: single-use like the token form; the secret shown once on the answer that registered it. */
async function registerThroughForm(context: ConsoleContext, req: Request, res: Response): Promise<void> {
  const viewer = viewerOf(res);
  const values: WebhookFormValues = { url: (formField(req, 'url') ?? '').trim(), events: formFields(req, 'eventos') };
  const formId = formField(req, 'formulario');
  const again = (status: number, problems: readonly WebhookFormProblem[], id: string) =>
    sendPage(res, status, webhookFormPage({ viewer, formId: id, values, problems }));
  if (formId === undefined || !isUuid(formId)) {
    again(
      400,
      [{ field: 'form', message: 'O formulário veio incompleto. Confira os campos e envie de novo.' }],
      randomUUID(),
    );
    return;
  }
  const checked = problemsOf(values, context.webhooksAllowHttp);
  if (!checked.ok) {
    again(422, checked.problems, formId);
    return;
  }
  const { url, events } = checked.value;
  if (url === undefined || events === undefined) throw new Error('a complete webhook body parsed without its fields');
  const now = context.clock.now();
  const outcome = await actWithAudit(context, viewer, async (data, trx) => {
    if ((await earlierUseOfForm(trx, viewer.accountId, 'webhook.create', formId)) !== undefined) return undefined;
    const created = await registerEndpoint(data, { accountId: viewer.accountId, url, events }, now);
    await audit(trx, viewer, 'webhook.create', created, now, { formulario: formId });
    return created;
  });
  if (outcome === undefined) {
    sendPage(res, 409, webhookFormUsedPage(viewer));
    return;
  }
  context.logger.info({ endpointId: outcome.id, userId: viewer.userId }, 'console webhook registered');
  sendPage(res, 200, webhookSecretPage(viewer, outcome, outcome.secret));
}

async function audit(
  db: ConsoleContext['db'],
  viewer: ConsoleSession,
  action: WebhookAction,
  endpoint: WebhookEndpointView,
  at: Date,
  extra: Record<string, string> = {},
): Promise<void> {
  await writeConsoleAudit(db, {
    accountId: viewer.accountId,
    userId: viewer.userId,
    action,
    target: endpoint.id,
    at,
    // An action in test mode names its environment: the endpoint is the sandbox's (docs/decisions/0146).
    params: {
      ...extra,
      url: endpoint.url,
      eventos: endpoint.events.join(' '),
      ...(inTestMode(viewer) ? { ambiente: 'teste' } : {}),
    },
  });
}
