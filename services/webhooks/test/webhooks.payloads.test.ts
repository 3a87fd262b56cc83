import { type WebhookEvent as ClientWebhookEvent, verifyWebhookEvent } from '@regapi/client';
import { buildOpenApi, OpenApiValidator, WEBHOOK_EMITTED_TYPES, WEBHOOK_EVENT_TYPES } from '@regapi/contracts';
import { seedOrder, waitFor } from '@regapi/testkit';
import { listDeliveries, queueTestDelivery, registerEndpoint } from '@regapi/webhook-endpoints';
import { fanOut } from '../src';
import {
  balanceLow,
  MATRICULA_DIFF,
  orderFinished,
  orderReconciled,
  orderRefunded,
  orderRevised,
  watchChanged,
} from './support/events';
import { startWebhooksHarness, type WebhooksHarness } from './support/harness';
import { startReceiver, type TestReceiver } from './support/receiver';

// Decision 0140: every body the service sends carries its id (the webhook-id), the account, the environment and, for
// an order, its referencia, and matches the schema the OpenAPI document publishes under `webhooks` for its type.

let harness: WebhooksHarness;
let receiver: TestReceiver;

beforeAll(async () => {
  [harness, receiver] = await Promise.all([startWebhooksHarness(), startReceiver()]);
});

afterAll(async () => {
  await harness.close();
  await receiver.close();
});

beforeEach(() => {
  receiver.received.length = 0;
});

const document = buildOpenApi();
// A client reads unknown fields as allowed (contract 9.2); the service must not send any the document does not name.
const validator = new OpenApiValidator(document, { undocumented: 'refuse' });

function requestSchemaOf(type: string): unknown {
  const operation = document.webhooks[type]?.post;
  const content = operation?.requestBody?.content;
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return undefined;
  const json = (content as Record<string, unknown>)['application/json'];
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>).schema : undefined;
}

const fannedOut = (messageId: string) =>
  harness.lines().filter((line) => line.message_id === messageId && line.msg === 'webhook event fanned out');

test('the document has one webhooks entry per event the service can emit, with the Standard Webhooks headers', () => {
  expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EMITTED_TYPES].sort());
  expect(WEBHOOK_EMITTED_TYPES).toEqual(expect.arrayContaining([...WEBHOOK_EVENT_TYPES, 'webhook.teste']));
  for (const type of WEBHOOK_EMITTED_TYPES) {
    const operation = document.webhooks[type]?.post;
    expect([type, requestSchemaOf(type)]).toEqual([type, expect.objectContaining({ $ref: expect.any(String) })]);
    const headers = (operation?.parameters ?? []).map((parameter) => {
      const name = String(parameter.$ref).split('/').pop() ?? '';
      return document.components.parameters[name]?.name;
    });
    expect([type, headers]).toEqual([type, ['webhook-id', 'webhook-timestamp', 'webhook-signature']]);
  }
});

test('every event really sent validates against its OpenAPI schema; the SDK verifies it and returns it typed', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const endpoint = await registerEndpoint(
    db,
    { accountId, url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] },
    harness.clock.now(),
  );
  // An order with the customer's reference, as the gateway accepts it: its events carry that referencia.
  const order = await seedOrder(db, { fonte: 'certidao-inteiro-teor', accountId, referencia: 'PEDIDO-42/ACME' });
  const messages = [
    orderFinished(accountId, 200, 'certidao-inteiro-teor', 'SUCESSO', order.protocolo),
    orderFinished(accountId, 200, 'certidao-inteiro-teor', 'INDISPONIVEL'),
    orderRevised(accountId),
    orderReconciled(accountId),
    orderRefunded(accountId),
    balanceLow(accountId),
    watchChanged(accountId),
    watchChanged(accountId, MATRICULA_DIFF, null),
  ];
  for (const message of messages) await harness.bus.publish(message);
  for (const message of messages) await waitFor(() => fannedOut(message.id).length === 1, { what: message.routingKey });
  const test = await queueTestDelivery(
    db,
    { accountId, endpointId: endpoint.id, ambiente: 'producao' },
    harness.clock.now(),
  );
  expect(test?.enabled).toBe(true);

  // Ten per round (the delivery batch), so two rounds.
  expect((await harness.webhooks.deliverNow()) + (await harness.webhooks.deliverNow())).toBe(11);
  const now = harness.clock.now().getTime();
  const seen = new Set<string>();
  for (const request of receiver.received) {
    const body = JSON.parse(request.body) as { id: string; type: string; conta: string; ambiente: string };
    seen.add(body.type);
    const validate = validator.compile(requestSchemaOf(body.type) as Parameters<OpenApiValidator['compile']>[0]);
    expect([body.type, validate(body) ? [] : validate.errors]).toEqual([body.type, []]);
    expect([body.id, body.conta, body.ambiente]).toEqual([request.headers['webhook-id'], accountId, 'producao']);
    const event: ClientWebhookEvent = verifyWebhookEvent({
      secret: endpoint.secret,
      headers: request.headers,
      body: request.body,
      now,
    });
    expect(event.type).toBe(body.type);
  }
  expect([...seen].sort()).toEqual([...WEBHOOK_EMITTED_TYPES].sort());

  const referencias = receiver.received
    .map((request) => JSON.parse(request.body))
    .filter((body) => body.data.protocolo === order.protocolo)
    .map((body) => [body.type, body.data.referencia]);
  expect(referencias.sort()).toEqual([
    ['certidao.emitida', 'PEDIDO-42/ACME'],
    ['consulta.finalizada', 'PEDIDO-42/ACME'],
  ]);
  const sentTest = receiver.received.map((request) => JSON.parse(request.body)).find((b) => b.type === 'webhook.teste');
  expect(sentTest).toEqual(
    expect.objectContaining({ id: test?.id, data: expect.objectContaining({ webhook: endpoint.id }) }),
  );
});

test("another account's order lends no referencia: the lookup is by protocolo AND account", async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  await registerEndpoint(db, { accountId, url: receiver.url, events: ['consulta.finalizada'] }, harness.clock.now());
  const stranger = await seedOrder(db, { fonte: 'visualizacao-matricula', referencia: 'DE-OUTRA-CONTA' });
  const message = orderFinished(accountId, 200, 'visualizacao-matricula', 'SUCESSO', stranger.protocolo);
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 1, { what: 'event fanned out' });
  expect(await harness.webhooks.deliverNow()).toBe(1);
  expect(JSON.parse(receiver.received[0]?.body ?? '{}').data.referencia).toBeNull();
});

test('the sandbox service says ambiente teste', async () => {
  const sandbox = await startWebhooksHarness({ ambiente: 'teste' });
  try {
    const accountId = await sandbox.newAccount();
    await registerEndpoint(
      sandbox.database.db,
      { accountId, url: receiver.url, events: ['saldo.abaixo_do_limite'] },
      sandbox.clock.now(),
    );
    const message = balanceLow(accountId);
    await sandbox.bus.publish(message);
    await waitFor(
      () => sandbox.lines().some((line) => line.message_id === message.id && line.msg === 'webhook event fanned out'),
      { what: 'event fanned out' },
    );
    expect(await sandbox.webhooks.deliverNow()).toBe(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toEqual(
      expect.objectContaining({ type: 'saldo.abaixo_do_limite', conta: accountId, ambiente: 'teste' }),
    );
  } finally {
    await sandbox.close();
  }
});

test('a body that does not match its published schema is never stored, so never sent', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const endpoint = await registerEndpoint(
    db,
    { accountId, url: receiver.url, events: ['estorno.realizado'] },
    harness.clock.now(),
  );
  // A defect of ours: the amount as text, where the document promises a number of reais.
  const wrong = {
    id: crypto.randomUUID(),
    accountId,
    type: 'estorno.realizado' as const,
    timestamp: '2026-03-02T12:00:01.000Z',
    protocolo: '2026030200001',
    data: { protocolo: '2026030200001', fonte: 'certidao-inteiro-teor', valor: '96,37', codigo: 614 },
  };
  await expect(fanOut(db, wrong, 'producao', harness.clock.now())).rejects.toThrow(
    /^estorno\.realizado: \/data\/valor must be number$/,
  );
  expect(await listDeliveries(db, accountId, endpoint.id)).toEqual([]);
});
