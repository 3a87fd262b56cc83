// `client.webhooks`: the account's webhook endpoints (`/v1/webhooks`, decisions 0094, 0140). Free; any valid token.
// Verifying what an endpoint RECEIVES is webhooks.ts (`verifyWebhookEvent`).
import type { Incoming, Outgoing } from './http';
import type {
  WebhookAnswer,
  WebhookCreated,
  WebhookDeleted,
  WebhookDeliveries,
  WebhookEndpointBody,
  WebhookEndpointPatch,
  WebhookList,
  WebhookRedeliveryQueued,
  WebhookTestQueued,
  WebhookUpdated,
} from './types';

export interface WebhookCallOptions {
  readonly signal?: AbortSignal;
}

type Send = (outgoing: Outgoing) => Promise<Incoming>;

const one = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`;

export class WebhookEndpoints {
  constructor(private readonly send: Send) {}

  /**
   * `POST /v1/webhooks`: registers an endpoint; `data[0].segredo` is its signing secret, shown this once. Not resent
   * after an attempt without an answer (it may have registered): list the endpoints before trying again.
   */
  async create(body: WebhookEndpointBody, options: WebhookCallOptions = {}): Promise<WebhookCreated> {
    return (await this.call({ method: 'POST', path: '/v1/webhooks', body }, options)) as WebhookCreated;
  }

  /** `GET /v1/webhooks`: every endpoint of the account. */
  async list(options: WebhookCallOptions = {}): Promise<WebhookList> {
    return (await this.call({ method: 'GET', path: '/v1/webhooks' }, options)) as WebhookList;
  }

  /** `GET /v1/webhooks/{id}`. */
  async get(id: string, options: WebhookCallOptions = {}): Promise<WebhookAnswer> {
    return (await this.call({ method: 'GET', path: one(id) }, options)) as WebhookAnswer;
  }

  /** `PATCH /v1/webhooks/{id}`: changes the URL, the events or `ativo`. */
  async update(id: string, patch: WebhookEndpointPatch, options: WebhookCallOptions = {}): Promise<WebhookUpdated> {
    return (await this.call({ method: 'PATCH', path: one(id), body: patch }, options)) as WebhookUpdated;
  }

  /** `DELETE /v1/webhooks/{id}`: no more deliveries to it. */
  async delete(id: string, options: WebhookCallOptions = {}): Promise<WebhookDeleted> {
    return (await this.call({ method: 'DELETE', path: one(id) }, options)) as WebhookDeleted;
  }

  /** `GET /v1/webhooks/{id}/entregas`: the latest deliveries to the endpoint, with their attempts. */
  async deliveries(id: string, options: WebhookCallOptions = {}): Promise<WebhookDeliveries> {
    return (await this.call({ method: 'GET', path: `${one(id)}/entregas` }, options)) as WebhookDeliveries;
  }

  /** `POST /v1/webhooks/{id}/testar`: queues a signed `webhook.teste` event to the endpoint (decision 0140). */
  async test(id: string, options: WebhookCallOptions = {}): Promise<WebhookTestQueued> {
    return (await this.call({ method: 'POST', path: `${one(id)}/testar` }, options)) as WebhookTestQueued;
  }

  /** `POST /v1/webhooks/{id}/entregas/{entrega}/reenviar`: sends a past delivery again, same `webhook-id`. */
  async redeliver(id: string, entrega: string, options: WebhookCallOptions = {}): Promise<WebhookRedeliveryQueued> {
    const path = `${one(id)}/entregas/${encodeURIComponent(entrega)}/reenviar`;
    return (await this.call({ method: 'POST', path }, options)) as WebhookRedeliveryQueued;
  }

  private async call(outgoing: Outgoing, options: WebhookCallOptions) {
    return (await this.send({ ...outgoing, signal: options.signal })).envelope;
  }
}
