import type { Clock } from '@regapi/calendar';
import { transportMessage, WEBHOOK_TEST_EVENT } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { HttpError, readJsonBody, sendEnvelope } from '@regapi/http';
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
  updateEndpoint,
  type WebhookEndpointView,
} from '@regapi/webhook-endpoints';
import { type RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import { authOf } from '../auth/auth-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DELIVERY_STATE: Readonly<Record<string, string>> = {
  pending: 'pendente',
  delivered: 'entregue',
  failed: 'falhou',
};

export interface WebhookRouterDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Accept `http:` endpoint URLs (tests and local runs; docs/decisions/0095). */
  readonly allowHttp: boolean;
}

function view(endpoint: WebhookEndpointView): Record<string, unknown> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventos: endpoint.events,
    ativo: endpoint.enabled,
    motivo_desativacao: endpoint.disabledReason,
    criado_em: endpoint.createdAt.toISOString(),
  };
}

const notFound = (): HttpError => new HttpError(404, 'Webhook não encontrado nesta conta.');

/** The path's endpoint id, or a 404 (a malformed id names no endpoint; another account's is not found either). */
function endpointIdOf(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw notFound();
  return value;
}

/**
 * The account's webhook endpoints (issue 17; docs/decisions/0093-0095): register (the secret shown once), list, read,
 * change, remove, the deliveries with their attempts, the replay of one delivery and a test event (decision 0140). Free; any valid token of the
 * account. Another account's endpoint is a 404.
 */
export function webhookRouter(guards: readonly RequestHandler[], deps: WebhookRouterDeps): Router {
  const router = Router();
  const { db, clock } = deps;
  const ok = (res: Parameters<RequestHandler>[1], status: number, message: string, data: Record<string, unknown>[]) =>
    sendEnvelope(res, status, { code: status, codeMessage: message, billable: false, priceCentavos: 0, data });

  router.post('/v1/webhooks', ...guards, readJsonBody, async (req, res) => {
    const parsed = parseWebhookBody(req.body, { partial: false, allowHttp: deps.allowHttp });
    if (!parsed.ok) throw new HttpError(422, transportMessage(422), parsed.errors);
    const { url, events } = parsed.value;
    if (url === undefined || events === undefined) throw new HttpError(422, transportMessage(422));
    const created = await registerEndpoint(db, { accountId: authOf(res).accountId, url, events }, clock.now());
    ok(res, 201, 'Webhook registrado. Guarde o segredo: ele não será mostrado de novo.', [
      { ...view(created), segredo: created.secret },
    ]);
  });

  router.get('/v1/webhooks', ...guards, async (_req, res) => {
    const endpoints = await listEndpoints(db, authOf(res).accountId);
    ok(res, 200, `${endpoints.length} webhook(s).`, endpoints.map(view));
  });

  router.get('/v1/webhooks/:id', ...guards, async (req, res) => {
    const endpoint = await findEndpoint(db, authOf(res).accountId, endpointIdOf(req.params.id));
    if (endpoint === undefined) throw notFound();
    ok(res, 200, 'Webhook.', [view(endpoint)]);
  });

  router.patch('/v1/webhooks/:id', ...guards, readJsonBody, async (req, res) => {
    const id = endpointIdOf(req.params.id);
    const accountId = authOf(res).accountId;
    const parsed = parseWebhookBody(req.body, { partial: true, allowHttp: deps.allowHttp });
    if (!parsed.ok) throw new HttpError(422, transportMessage(422), parsed.errors);
    const { url, events, enabled } = parsed.value;
    const now = clock.now();
    const found = await db.transaction().execute(async (trx) => {
      const updated = await updateEndpoint(trx, accountId, id, { url, events }, now);
      if (updated === undefined) return undefined;
      if (enabled !== undefined && enabled !== updated.enabled)
        await setEndpointEnabled(trx, accountId, id, enabled, now);
      return findEndpoint(trx, accountId, id);
    });
    if (found === undefined) throw notFound();
    ok(res, 200, 'Webhook alterado.', [view(found)]);
  });

  router.delete('/v1/webhooks/:id', ...guards, async (req, res) => {
    if (!(await deleteEndpoint(db, authOf(res).accountId, endpointIdOf(req.params.id)))) throw notFound();
    ok(res, 200, 'Webhook removido, com suas entregas.', []);
  });

  router.get('/v1/webhooks/:id/entregas', ...guards, async (req, res) => {
    const deliveries = await listDeliveries(db, authOf(res).accountId, endpointIdOf(req.params.id));
    if (deliveries === undefined) throw notFound();
    ok(
      res,
      200,
      `${deliveries.length} entrega(s), da mais recente.`,
      deliveries.map((delivery) => ({
        id: delivery.id,
        evento: delivery.eventType,
        situacao: DELIVERY_STATE[delivery.state] ?? delivery.state,
        proxima_tentativa_em: delivery.nextAttemptAt?.toISOString() ?? null,
        tentativas: delivery.attempts.map((attempt) => ({
          em: attempt.attemptedAt.toISOString(),
          status_http: attempt.statusCode,
          latencia_ms: attempt.latencyMs,
          erro: attempt.error,
          resposta: attempt.responseExcerpt,
        })),
      })),
    );
  });

  // Decision 0140: a signed test event through the normal delivery path, whatever the endpoint subscribed to.
  router.post('/v1/webhooks/:id/testar', ...guards, async (req, res) => {
    const auth = authOf(res);
    const queued = await queueTestDelivery(
      db,
      { accountId: auth.accountId, endpointId: endpointIdOf(req.params.id), ambiente: auth.ambiente },
      clock.now(),
    );
    if (queued === undefined) throw notFound();
    const message = queued.enabled
      ? 'Evento de teste agendado: acompanhe em GET /v1/webhooks/{id}/entregas.'
      : 'Evento de teste agendado; este webhook está desativado e o recebe quando for reativado (PATCH {"ativo": true}).';
    ok(res, 202, message, [{ id: queued.id, evento: WEBHOOK_TEST_EVENT, situacao: 'pendente' }]);
  });

  router.post('/v1/webhooks/:id/entregas/:entrega/reenviar', ...guards, async (req, res) => {
    const id = endpointIdOf(req.params.id);
    const delivery = endpointIdOf(req.params.entrega);
    if (!(await replayDelivery(db, authOf(res).accountId, id, delivery, clock.now()))) throw notFound();
    ok(res, 202, 'Entrega agendada para reenvio.', [{ id: delivery, situacao: 'pendente' }]);
  });

  return router;
}
