import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInProcessBus } from '@regapi/bus';
import { verifyWebhookEvent } from '@regapi/client';
import { silentLogger } from '@regapi/telemetry';
import { registerEndpoint } from '@regapi/webhook-endpoints';
import { createWebhooks } from '@regapi/webhooks';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Decision 0140, end to end: the API's test event goes out through the real webhooks service's sender, signed, to a
// real local endpoint; the SDK verifies it and returns it typed; the API then shows the delivery delivered.

const { database, gateway } = useTestGateway();
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('POST /v1/webhooks/{id}/testar: delivered signed by the webhooks service, verified by the SDK', async () => {
  const accountId = await newAccount(gateway.adminUrl, 'Integradora');
  const { token } = await newToken(gateway.adminUrl, accountId);
  // Registered in the store: the API refuses a local http URL unless WEBHOOKS_ALLOW_HTTP (decision 0141).
  const endpoint = await registerEndpoint(
    database.db,
    { accountId, url: receiverUrl, events: ['estorno.realizado'] },
    new Date(),
  );
  const asked = await call(`${gateway.url}/v1/webhooks/${endpoint.id}/testar`, { method: 'POST', token });
  expect([asked.status, asked.body.code]).toEqual([202, 202]);
  const deliveryId = String(asked.body.data[0]?.id);

  const logger = silentLogger();
  const webhooks = createWebhooks({
    db: database,
    bus: createInProcessBus({ logger }),
    logger,
    runPoller: false,
    outbound: { allowHttp: true, allowPrivateAddresses: true },
  });
  expect(await webhooks.deliverNow()).toBe(1);

  expect(received).toHaveLength(1);
  const [request] = received;
  if (request === undefined) throw new Error('nothing received');
  const event = verifyWebhookEvent({ secret: endpoint.secret, headers: request.headers, body: request.body });
  if (event.type !== 'webhook.teste') throw new Error(`received ${event.type}`);
  expect([event.id, event.conta, event.ambiente, event.data.webhook]).toEqual([
    deliveryId,
    accountId,
    'producao',
    endpoint.id,
  ]);

  const listed = await call(`${gateway.url}/v1/webhooks/${endpoint.id}/entregas`, { token });
  expect(listed.body.data).toEqual([
    expect.objectContaining({
      id: deliveryId,
      evento: 'webhook.teste',
      situacao: 'entregue',
      tentativas: [expect.objectContaining({ status_http: 204, erro: null })],
    }),
  ]);
});
