import { QUEUE } from '@regapi/bus';
import { documentKey } from '@regapi/documents';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { EVENT_METRICS, type MetricDefinition } from '@regapi/telemetry';
import { publishToDeadLetter, waitFor } from '@regapi/testkit';
import { type ArchiveHarness, type Customer, sha256, startArchiveHarness } from './support/archive-harness';

// Issue 6: "Idempotent under redelivery" — delivery is at-least-once (architecture rule 2): the same
// document.delivered again, even at the same time, stores one object under one key, one row, and finishes once.

let harness: ArchiveHarness;
let samples: readonly OriginSample[];
let customer: Customer;
let originUrl: string;
let originBytes: Uint8Array;

beforeAll(async () => {
  harness = await startArchiveHarness();
  samples = await harness.samples();
  customer = await harness.customer();
  // A real record view of the origin, whose link the crafted deliveries below point at.
  const view = await harness.origin.accept('visualizacao-matricula', propertyRequest(samples[0]));
  originUrl = (await harness.origin.waitForState(view.id, ['finished'])).siteReceipts[0] ?? '';
  originBytes = new Uint8Array(await (await fetch(originUrl)).arrayBuffer());
});

afterAll(async () => {
  await harness.close();
});

function crafted(index: number) {
  return harness.deliverCrafted({
    fonte: 'visualizacao-matricula',
    body: propertyRequest(samples[index]),
    accountId: customer.accountId,
    documents: [{ kind: 'visualizacao', url: originUrl, expires_at: null }],
    result: {
      status_consulta: 'SUCESSO',
      documento_url: null,
      mensagem: 'Visualização entregue.',
      site_receipts: [originUrl],
      identificadores: { numero_pedido: '990000000001', matricula: '1' },
      dados: { conteudo: null, cartorio: 'Cartório', municipio: 'Município', uf: 'SP', total_pago: 'R$ 50,00' },
    },
  });
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 400));
}

test('redelivered after the finish: a no-op — one row, one order.finished, the result untouched', async () => {
  const before = await harness.metrics.collect();
  const { order, message } = await crafted(1);
  const done = await harness.origin.waitForState(order.id, ['finished']);
  await harness.origin.waitForFinishedMessage(order.id);

  await harness.redeliver(message);
  await harness.redeliver({ ...message, attempt: 3 });
  await waitFor(() => harness.outcomes.filter((handled) => handled.orderId === order.id).length >= 3);
  await settle();
  expect(harness.outcomes.filter((handled) => handled.orderId === order.id).map((handled) => handled.outcome)).toEqual([
    { kind: 'archived', code: 200, documents: 1, bytes: originBytes.byteLength },
    { kind: 'already-finished' },
    { kind: 'already-finished' },
  ]);
  // Issue 13: one document archived, its bytes, one order finished — not one per delivery.
  const after = await harness.metrics.collect();
  const added = (metric: MetricDefinition, labels: Record<string, string>) =>
    after.total(metric, labels) - before.total(metric, labels);
  const product = { product: 'visualizacao-matricula' };
  expect(added(EVENT_METRICS.archiveDocuments, { ...product, outcome: 'archived' })).toBe(1);
  expect(added(EVENT_METRICS.archiveBytes, product)).toBe(originBytes.byteLength);
  expect(added(EVENT_METRICS.ordersFinished, { ...product, code: '200', class: 'sucesso' })).toBe(1);
  expect(await harness.documents(order.id)).toHaveLength(1);
  expect(harness.origin.finished.filter((event) => event.order_id === order.id)).toHaveLength(1);
  expect((await harness.origin.order(order.id)).updatedAt).toEqual(done.updatedAt);
});

test('two deliveries at once: both upload the same key, one finishes, the other finds it finished', async () => {
  const { order, message } = await crafted(2);
  await harness.redeliver(message);
  const done = await harness.origin.waitForState(order.id, ['finished']);
  await waitFor(() => harness.outcomes.filter((handled) => handled.orderId === order.id).length >= 2);
  await settle();
  const kinds = harness.outcomes.filter((handled) => handled.orderId === order.id).map((h) => h.outcome.kind);
  expect(kinds.sort()).toEqual(['already-finished', 'archived']);
  expect(await harness.documents(order.id)).toEqual([
    expect.objectContaining({ storageKey: documentKey(customer.accountId, done.protocolo, 'visualizacao') }),
  ]);
  expect(harness.origin.finished.filter((event) => event.order_id === order.id)).toHaveLength(1);
});

test('a re-upload overwrites the same key: what a crashed attempt left there is replaced', async () => {
  await harness.archive.stop();
  const { order } = await crafted(3);
  // What an attempt that died between its upload and its commit might have left under the key.
  await harness.storage.put({
    key: documentKey(customer.accountId, order.protocolo, 'visualizacao'),
    bytes: Buffer.from('%PDF-1.4 half an upload'),
    contentType: 'application/pdf',
  });
  await harness.archive.start();
  await harness.origin.waitForState(order.id, ['finished']);
  const stored = await harness.storage.get(documentKey(customer.accountId, order.protocolo, 'visualizacao'));
  const bytes = Buffer.concat(await (stored?.body.toArray() ?? []));
  expect(sha256(bytes)).toBe(sha256(originBytes));
  const response = await harness.fetchDocument(order.protocolo, customer.token);
  expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(originBytes))).toBe(true);
});

test('an unreadable document.delivered is refused: dead-lettered after the delivery limit for an operator', async () => {
  const payload = { order_id: 'x', protocolo: 'not digits', documents: [] };
  const dead = await publishToDeadLetter(harness.origin.bus, QUEUE.archiveDocuments, {
    id: crypto.randomUUID(),
    routingKey: 'document.delivered.visualizacao-matricula',
    payload,
    headers: {},
  });
  expect(dead).toEqual(payload);
});
