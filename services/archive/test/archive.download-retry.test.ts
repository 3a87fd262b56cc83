import { isRefunded } from '@regapi/contracts';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { EVENT_METRICS, type MetricDefinition } from '@regapi/telemetry';
import { waitFor } from '@regapi/testkit';
import { type ArchiveHarness, type Customer, startArchiveHarness } from './support/archive-harness';

// Issue 6: "A failed download is retried with backoff while the origin URL is valid, then alerts" — the delays live
// in PostgreSQL (scheduled messages), driven here by the test's clock; giving up ends the order refunded (0033).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let harness: ArchiveHarness;
let samples: readonly OriginSample[];
let customer: Customer;

beforeAll(async () => {
  harness = await startArchiveHarness({ settings: { retryInitialDelayMs: MINUTE, retryFactor: 2 } });
  samples = await harness.samples();
  customer = await harness.customer();
});

afterAll(async () => {
  await harness.close();
});

const RECORD_VIEW_RESULT = {
  status_consulta: 'SUCESSO',
  documento_url: null,
  mensagem: 'Visualização entregue.',
  site_receipts: [],
  identificadores: { numero_pedido: '990000000001', matricula: '1' },
  dados: { conteudo: null, cartorio: 'Cartório', municipio: 'Município', uf: 'SP', total_pago: 'R$ 50,00' },
};

function outcomesOf(orderId: string) {
  return harness.outcomes.filter((handled) => handled.orderId === orderId);
}

async function waitForOutcomes(orderId: string, count: number) {
  return waitFor(() => (outcomesOf(orderId).length >= count ? outcomesOf(orderId) : undefined), {
    what: `${count} archive attempts of ${orderId}`,
  });
}

async function retryRow(orderId: string) {
  return harness.origin.database.db
    .selectFrom('scheduled_message')
    .select(['due_at', 'routing_key', 'payload'])
    .where('dedupe_key', '=', `archive-retry:${orderId}`)
    .executeTakeFirst();
}

test('the origin down twice: retried after 1 then 2 minutes (kept in PostgreSQL), then archived and SUCESSO', async () => {
  await harness.origin.control.armFault?.('down', 'download', 2);
  const order = await harness.origin.accept(
    'visualizacao-matricula',
    propertyRequest(samples[0]),
    5_000,
    customer.accountId,
  );
  const [first] = await waitForOutcomes(order.id, 1);
  const t0 = harness.origin.clock.now();
  expect(first).toMatchObject({ attempt: 1, outcome: { kind: 'retry-scheduled', attempt: 2 } });
  expect(await retryRow(order.id)).toMatchObject({
    due_at: new Date(t0.getTime() + MINUTE),
    routing_key: 'document.delivered.visualizacao-matricula',
    payload: expect.objectContaining({ order_id: order.id, attempt: 2 }),
  });
  expect((await harness.origin.order(order.id)).state).toBe('archiving');

  harness.origin.clock.set(new Date(t0.getTime() + MINUTE));
  const [, second] = await waitForOutcomes(order.id, 2);
  expect(second).toMatchObject({ attempt: 2, outcome: { kind: 'retry-scheduled', attempt: 3 } });
  expect((await retryRow(order.id))?.due_at).toEqual(new Date(t0.getTime() + 3 * MINUTE));

  harness.origin.clock.set(new Date(t0.getTime() + 3 * MINUTE));
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done).toMatchObject({ code: 200, statusConsulta: 'SUCESSO' });
  expect((await waitForOutcomes(order.id, 3))[2]).toMatchObject({ attempt: 3, outcome: { kind: 'archived' } });
  expect(await harness.documents(order.id)).toHaveLength(1);
  expect(await retryRow(order.id)).toBeUndefined();
  expect(harness.alerts.filter((line) => line.order_id === order.id)).toEqual([]);
});

test('still failing when the next try would find the link expired: 617, refunded, one alert', async () => {
  const before = await harness.metrics.collect();
  const t0 = harness.origin.clock.now();
  // Nothing listens on port 9: every try is "down". The link is valid for 3 more minutes.
  const deadUrl = 'http://127.0.0.1:9/arquivos/220260000099-matricula.pdf';
  const { order } = await harness.deliverCrafted({
    fonte: 'visualizacao-matricula',
    body: propertyRequest(samples[1]),
    accountId: customer.accountId,
    documents: [{ kind: 'visualizacao', url: deadUrl, expires_at: new Date(t0.getTime() + 3 * MINUTE).toISOString() }],
    result: RECORD_VIEW_RESULT,
  });
  await waitForOutcomes(order.id, 1);
  harness.origin.clock.set(new Date(t0.getTime() + MINUTE));
  // Attempt 2 fails; attempt 3 would come 2 minutes later, at the link's expiry: give up now.
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(617);
  expect(isRefunded(617)).toBe(true);
  expect(done.result?.data).toMatchObject({ status_consulta: null, documento_url: null, dados: { conteudo: null } });
  expect(((done.result?.data ?? {}) as { mensagem: string }).mensagem).toMatch(/link da origem expirar/);
  expect((await waitForOutcomes(order.id, 2)).map((handled) => handled.outcome.kind)).toEqual([
    'retry-scheduled',
    'not-archived',
  ]);
  expect(await harness.origin.waitForFinishedMessage(order.id)).toMatchObject({ code: 617, status_consulta: null });
  // Issue 13: the signal of the "archive failing" rule — one retry, one failure, the order finished 617 (fatal).
  const after = await harness.metrics.collect();
  const added = (metric: MetricDefinition, labels: Record<string, string>) =>
    after.total(metric, labels) - before.total(metric, labels);
  const product = { product: 'visualizacao-matricula' };
  expect(added(EVENT_METRICS.archiveDocuments, { ...product, outcome: 'retried' })).toBe(1);
  expect(added(EVENT_METRICS.archiveDocuments, { ...product, outcome: 'failed' })).toBe(1);
  expect(added(EVENT_METRICS.archiveDocuments, { ...product, outcome: 'archived' })).toBe(0);
  expect(added(EVENT_METRICS.ordersFinished, { ...product, code: '617', class: 'fatal' })).toBe(1);
  const alerts = harness.alerts.filter((line) => line.order_id === order.id);
  expect(alerts).toEqual([
    expect.objectContaining({
      alert: 'document_not_archived',
      level: 'error',
      code: 617,
      attempts: 2,
      protocolo: done.protocolo,
      origin_urls: [deadUrl],
    }),
  ]);
  expect(await harness.documents(order.id)).toEqual([]);
  expect((await harness.fetchDocument(done.protocolo, customer.token)).status).toBe(404);
});

test('a link the origin does not know (tampered): 622 at once, no retry', async () => {
  const view = await harness.origin.accept('visualizacao-matricula', propertyRequest(samples[2]));
  const url = (await harness.origin.waitForState(view.id, ['finished'])).siteReceipts[0] ?? '';
  const tampered = url.replace(
    /assinatura=([0-9a-f])/,
    (_all, digit: string) => `assinatura=${digit === '0' ? '1' : '0'}`,
  );
  const { order } = await harness.deliverCrafted({
    fonte: 'visualizacao-matricula',
    body: propertyRequest(samples[3]),
    documents: [{ kind: 'visualizacao', url: tampered, expires_at: null }],
    result: RECORD_VIEW_RESULT,
  });
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(622);
  expect((await waitForOutcomes(order.id, 1)).map((handled) => handled.outcome.kind)).toEqual(['not-archived']);
  expect(await retryRow(order.id)).toBeUndefined();
});

test('the origin answers that the link expired (past its 7 days): 617 at once, alerted', async () => {
  const view = await harness.origin.accept('visualizacao-matricula', propertyRequest(samples[4]));
  const url = (await harness.origin.waitForState(view.id, ['finished'])).siteReceipts[0] ?? '';
  harness.origin.clock.set(new Date(harness.origin.clock.now().getTime() + 8 * DAY));
  const { order } = await harness.deliverCrafted({
    fonte: 'visualizacao-matricula',
    body: propertyRequest(samples[5]),
    documents: [{ kind: 'visualizacao', url, expires_at: null }],
    result: RECORD_VIEW_RESULT,
  });
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(617);
  expect(await waitForOutcomes(order.id, 1)).toEqual([
    expect.objectContaining({
      outcome: { kind: 'not-archived', code: 617, reason: 'the origin says the link expired' },
    }),
  ]);
  expect(harness.alerts).toContainEqual(
    expect.objectContaining({ alert: 'document_not_archived', order_id: order.id }),
  );
});
