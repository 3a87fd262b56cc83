import { createHmac } from 'node:crypto';
import { QUEUE } from '@regapi/bus';
import { type WebhookEventType, webhookPayloadProblems } from '@regapi/contracts';
import { waitFor } from '@regapi/testkit';
import { listDeliveries, registerEndpoint, replayDelivery } from '@regapi/webhook-endpoints';
import { fanOut, webhookEventsOf } from '../src';
import {
  balanceLow,
  MATRICULA_DIFF,
  orderFinished,
  orderRefunded,
  orderRevised,
  PESSOA_DIFF,
  watchChanged,
} from './support/events';
import { startWebhooksHarness, type WebhooksHarness } from './support/harness';
import { startReceiver, type TestReceiver } from './support/receiver';

/** Deliveries from the bus to a real local receiver, through real PostgreSQL and RabbitMQ. */
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
  receiver.plan.length = 0;
});

const fannedOut = (messageId: string) =>
  harness.lines().filter((line) => line.message_id === messageId && line.msg === 'webhook event fanned out');

async function endpointWithEvent(code = 200) {
  const accountId = await harness.newAccount();
  const endpoint = await registerEndpoint(
    harness.database.db,
    { accountId, url: receiver.url, events: ['consulta.finalizada'] },
    harness.clock.now(),
  );
  const message = orderFinished(accountId, code);
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 1, { what: 'event fanned out' });
  return { accountId, endpoint, message };
}

/** The Standard Webhooks signature, computed here independently of the service's code. */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

test('an order.finished reaches the endpoint signed as Standard Webhooks, and the attempt is recorded', async () => {
  const { accountId, endpoint, message } = await endpointWithEvent(614);
  expect(await harness.webhooks.deliverNow()).toBe(1);
  expect(receiver.received).toHaveLength(1);
  const [request] = receiver.received;
  const id = String(request?.headers['webhook-id']);
  const timestamp = String(request?.headers['webhook-timestamp']);
  expect(timestamp).toBe(String(Math.floor(harness.clock.now().getTime() / 1000)));
  expect(request?.headers['webhook-signature']).toBe(
    expectedSignature(endpoint.secret, id, timestamp, request?.body ?? ''),
  );
  expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  // Decision 0140: the body's id is the webhook-id; the account and the environment travel with every event.
  expect(JSON.parse(request?.body ?? '')).toEqual({
    id,
    type: 'consulta.finalizada',
    timestamp: '2026-03-02T12:00:00.000Z',
    conta: accountId,
    ambiente: 'producao',
    data: {
      protocolo: (message.payload as { protocolo: string }).protocolo,
      referencia: null,
      fonte: 'pesquisa-previa-bens',
      codigo: 614,
      status_consulta: null,
    },
  });
  const deliveries = await listDeliveries(harness.database.db, accountId, endpoint.id);
  expect(deliveries).toEqual([
    expect.objectContaining({ id, state: 'delivered', nextAttemptAt: null, eventType: 'consulta.finalizada' }),
  ]);
  expect(deliveries?.[0]?.attempts).toEqual([
    expect.objectContaining({ statusCode: 200, error: null, responseExcerpt: 'ok' }),
  ]);
  // Delivered: nothing is due any more.
  expect(await harness.webhooks.deliverNow()).toBe(0);
});

test('a redelivered bus message creates no second delivery', async () => {
  const { accountId, endpoint, message } = await endpointWithEvent();
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 2, { what: 'the duplicate handled' });
  expect(fannedOut(message.id).map((line) => line.deliveries)).toEqual([1, 0]);
  expect(await listDeliveries(harness.database.db, accountId, endpoint.id)).toHaveLength(1);
  expect(await harness.webhooks.deliverNow()).toBe(1);
  expect(receiver.received).toHaveLength(1);
});

test('a 500 and a timeout are retried on the backoff schedule until a success, one attempt row per try', async () => {
  const { accountId, endpoint } = await endpointWithEvent();
  receiver.plan.push({ status: 500, body: 'x'.repeat(10_000) }, 'hang');
  expect(await harness.webhooks.deliverNow()).toBe(1);
  // Not due before the first retry delay (5 s).
  harness.clock.advance(4_000);
  expect(await harness.webhooks.deliverNow()).toBe(0);
  harness.clock.advance(1_000);
  expect(await harness.webhooks.deliverNow()).toBe(1);
  // The second retry waits 5 minutes.
  harness.clock.advance(4 * 60_000);
  expect(await harness.webhooks.deliverNow()).toBe(0);
  harness.clock.advance(60_000);
  expect(await harness.webhooks.deliverNow()).toBe(1);
  expect(receiver.received).toHaveLength(3);
  expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
  const [delivery] = (await listDeliveries(harness.database.db, accountId, endpoint.id)) ?? [];
  expect(delivery?.state).toBe('delivered');
  expect(delivery?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, null, 200]);
  expect(delivery?.attempts[0]?.responseExcerpt).toHaveLength(2_048);
  expect(delivery?.attempts[1]?.error).toMatch(/timed out/);
});

test('replay sends a delivered webhook again with the same id', async () => {
  const { accountId, endpoint } = await endpointWithEvent();
  await harness.webhooks.deliverNow();
  const [delivery] = (await listDeliveries(harness.database.db, accountId, endpoint.id)) ?? [];
  if (delivery === undefined) throw new Error('no delivery');
  expect(await replayDelivery(harness.database.db, accountId, endpoint.id, delivery.id, harness.clock.now())).toBe(
    true,
  );
  expect(await harness.webhooks.deliverNow()).toBe(1);
  expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([delivery.id, delivery.id]);
  const [after] = (await listDeliveries(harness.database.db, accountId, endpoint.id)) ?? [];
  expect(after?.attempts).toHaveLength(2);
});

test('another account sees no endpoint and replays nothing', async () => {
  const { accountId, endpoint } = await endpointWithEvent();
  await harness.webhooks.deliverNow();
  const [delivery] = (await listDeliveries(harness.database.db, accountId, endpoint.id)) ?? [];
  const stranger = await harness.newAccount();
  expect(await listDeliveries(harness.database.db, stranger, endpoint.id)).toBeUndefined();
  expect(
    await replayDelivery(harness.database.db, stranger, endpoint.id, delivery?.id ?? '', harness.clock.now()),
  ).toBe(false);
  expect(await harness.webhooks.deliverNow()).toBe(0);
});

test('a refund reaches an endpoint subscribed to estorno.realizado, and not one subscribed to other events', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const refunds = await registerEndpoint(
    db,
    { accountId, url: receiver.url, events: ['estorno.realizado'] },
    harness.clock.now(),
  );
  const finishes = await registerEndpoint(
    db,
    { accountId, url: receiver.url, events: ['consulta.finalizada'] },
    harness.clock.now(),
  );
  const message = orderRefunded(accountId);
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 1, { what: 'event fanned out' });
  expect(await harness.webhooks.deliverNow()).toBe(1);
  expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual({
    id: receiver.received[0]?.headers['webhook-id'],
    type: 'estorno.realizado',
    timestamp: '2026-03-02T12:00:01.000Z',
    conta: accountId,
    ambiente: 'producao',
    data: {
      protocolo: (message.payload as { protocolo: string }).protocolo,
      referencia: null,
      fonte: 'certidao-inteiro-teor',
      valor: 96.37,
      codigo: 614,
    },
  });
  expect(await listDeliveries(db, accountId, refunds.id)).toHaveLength(1);
  expect(await listDeliveries(db, accountId, finishes.id)).toEqual([]);
});

test('a certificate issued is consulta.finalizada and certidao.emitida; a revision and a low balance are events too', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const everything = await registerEndpoint(
    db,
    {
      accountId,
      url: receiver.url,
      events: [
        'consulta.finalizada',
        'certidao.emitida',
        'certidao.indisponivel',
        'consulta.revisada',
        'saldo.abaixo_do_limite',
      ],
    },
    harness.clock.now(),
  );
  const issued = orderFinished(accountId, 200, 'certidao-inteiro-teor', 'SUCESSO');
  const unavailable = orderFinished(accountId, 200, 'certidao-inteiro-teor', 'INDISPONIVEL');
  const messages = [issued, unavailable, orderRevised(accountId), balanceLow(accountId)];
  for (const message of messages) await harness.bus.publish(message);
  for (const message of messages) {
    await waitFor(() => fannedOut(message.id).length === 1, { what: `${message.routingKey} fanned out` });
  }
  // The same certificate end redelivered: still one delivery per event type.
  await harness.bus.publish(issued);
  await waitFor(() => fannedOut(issued.id).length === 2, { what: 'the redelivery fanned out' });
  expect(await harness.webhooks.deliverNow()).toBe(6);
  const types = receiver.received.map((request) => JSON.parse(request.body).type as string).sort();
  expect(types).toEqual([
    'certidao.emitida',
    'certidao.indisponivel',
    'consulta.finalizada',
    'consulta.finalizada',
    'consulta.revisada',
    'saldo.abaixo_do_limite',
  ]);
  const low = receiver.received
    .map((request) => JSON.parse(request.body))
    .find((body) => body.type === 'saldo.abaixo_do_limite');
  expect(low?.data).toEqual({ saldo: 49.9, limite_saldo_baixo: 100 });
  expect(await listDeliveries(db, accountId, everything.id)).toHaveLength(6);
});

test('a watch.changed is one signed monitoramento.alteracao per subscribed endpoint, redelivered or not', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const register = (events: WebhookEventType[]) =>
    registerEndpoint(db, { accountId, url: receiver.url, events }, harness.clock.now());
  const watches = await register(['monitoramento.alteracao']);
  const alsoWatches = await register(['consulta.finalizada', 'monitoramento.alteracao']);
  const finishes = await register(['consulta.finalizada', 'saldo.abaixo_do_limite']);
  const message = watchChanged(accountId);
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 1, { what: 'event fanned out' });
  // The gateway's outbox may publish the same message twice: the delivery is one per (message, type, endpoint).
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 2, { what: 'the duplicate handled' });
  expect(fannedOut(message.id).map((line) => line.deliveries)).toEqual([2, 0]);
  expect(await harness.webhooks.deliverNow()).toBe(2);
  expect(await harness.webhooks.deliverNow()).toBe(0);

  const payload = message.payload as { watch_id: string; protocolos: string[] };
  const secrets = new Map([
    [watches.id, watches.secret],
    [alsoWatches.id, alsoWatches.secret],
  ]);
  const sent = receiver.received.map((request) => {
    const id = String(request.headers['webhook-id']);
    const timestamp = String(request.headers['webhook-timestamp']);
    const [delivery] = [...secrets.entries()].filter(
      ([, secret]) => request.headers['webhook-signature'] === expectedSignature(secret, id, timestamp, request.body),
    );
    return { endpoint: delivery?.[0], id, body: JSON.parse(request.body) };
  });
  // Each signed with its own endpoint's secret, so each went to its own endpoint; none to the one not subscribed.
  expect(sent.map((one) => one.endpoint).sort()).toEqual([watches.id, alsoWatches.id].sort());
  expect(await listDeliveries(db, accountId, finishes.id)).toEqual([]);
  for (const { id, body } of sent) {
    expect(webhookPayloadProblems(body)).toEqual([]);
    // Decision 0165: no `referencia` (a run is not the customer's order); the watch's own is referencia_monitoramento.
    expect(body).toEqual({
      id,
      type: 'monitoramento.alteracao',
      timestamp: '2026-03-02T11:04:05.123Z',
      conta: accountId,
      ambiente: 'producao',
      data: {
        monitoramento: payload.watch_id,
        tipo: 'pessoa',
        referencia_monitoramento: 'carteira-7',
        execucao_planejada_em: '2026-03-02T11:00:00.000Z',
        protocolos: payload.protocolos,
        resumo: '1 imóvel novo em SP',
        diferencas: PESSOA_DIFF,
      },
    });
  }
});

test('a record watch without a referencia sends its acts; a diff that is not whole is never stored', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const endpoint = await registerEndpoint(
    db,
    { accountId, url: receiver.url, events: ['monitoramento.alteracao'] },
    harness.clock.now(),
  );
  const record = watchChanged(accountId, MATRICULA_DIFF, null);
  await harness.bus.publish(record);
  await waitFor(() => fannedOut(record.id).length === 1, { what: 'event fanned out' });
  expect(await harness.webhooks.deliverNow()).toBe(1);
  const body = JSON.parse(receiver.received[0]?.body ?? '{}');
  expect(webhookPayloadProblems(body)).toEqual([]);
  expect(body.data).toEqual(
    expect.objectContaining({ tipo: 'matricula', referencia_monitoramento: null, diferencas: MATRICULA_DIFF }),
  );

  // The message's schema checks the diff's head only; the body's, the whole of WATCH_DIFF_SCHEMA (decision 0140): a
  // diff without its UFs is a defect of ours, refused before it is stored (the bus retries, then dead-letters it).
  const { ufs: _ufs, ...headless } = PESSOA_DIFF;
  const partial = watchChanged(accountId);
  const incoming = {
    ...partial,
    payload: { ...(partial.payload as object), diff: headless },
    queue: QUEUE.webhookEvents,
    redelivered: false,
  };
  const [event] = webhookEventsOf(incoming);
  if (event === undefined) throw new Error('watch.changed is a webhook event');
  await expect(fanOut(db, event, 'producao', harness.clock.now())).rejects.toThrow(
    /^monitoramento\.alteracao: .*\/data\/diferencas must have required property 'ufs'/,
  );
  expect(await listDeliveries(db, accountId, endpoint.id)).toHaveLength(1);
});
