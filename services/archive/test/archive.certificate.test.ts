import { quarantineKey } from '@regapi/documents';
import { checkPdfSignature, extractPdfText, findValidatorCode, type OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type ArchiveHarness, type Customer, sha256, startArchiveHarness } from './support/archive-harness';

// Issue 6 item 1 for the certificate: `certidao_codigo` from the PDF's text layer, the signature checked before
// SUCESSO; a certificate without a valid signature is never SUCESSO (docs/decisions/0032).

let harness: ArchiveHarness;
let samples: readonly OriginSample[];
let customer: Customer;

beforeAll(async () => {
  harness = await startArchiveHarness();
  samples = await harness.samples();
  customer = await harness.customer();
});

afterAll(async () => {
  await harness.close();
});

test('issued in business hours: archived with a verified signature and the validator code of its text layer', async () => {
  const order = await harness.origin.accept(
    'certidao-inteiro-teor',
    propertyRequest(samples[0]),
    5_000,
    customer.accountId,
  );
  const waiting = await harness.origin.waitForState(order.id, ['awaiting_issue']);
  const forecast = new Date(((waiting.result?.data ?? {}) as { previsao_entrega_em: string }).previsao_entrega_em);
  harness.origin.clock.set(new Date(forecast.getTime() + 1_000));

  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  expect(done.statusConsulta).toBe('SUCESSO');
  const data = done.result?.data as { certidao_codigo: string | null; documento_url: string; status: string };
  expect(data.status).toBe('Emitida');
  expect(data.documento_url).toBe(`/v1/consultas/${done.protocolo}/documento`);
  expect(data.certidao_codigo).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  expect(harness.outcomes).toContainEqual(
    expect.objectContaining({
      orderId: order.id,
      outcome: expect.objectContaining({ kind: 'archived', code: 200, documents: 1 }),
    }),
  );

  const response = await harness.fetchDocument(done.protocolo, customer.token);
  expect(response.status).toBe(200);
  const pdf = new Uint8Array(await response.arrayBuffer());
  // What a third party does with our copy: the signature verifies and the code is the one printed in it.
  expect(checkPdfSignature(pdf)).toMatchObject({ kind: 'valid' });
  expect(findValidatorCode((await extractPdfText(pdf)) ?? '')).toBe(data.certidao_codigo);
  const [row] = await harness.documents(order.id);
  expect(row).toMatchObject({ kind: 'certidao', sha256: sha256(pdf), sizeBytes: pdf.byteLength });
  expect(await harness.origin.waitForFinishedMessage(order.id)).toMatchObject({
    code: 200,
    status_consulta: 'SUCESSO',
  });
});

test('a "certificate" without a digital signature: never SUCESSO — 606 refunded, quarantined, alerted, not served', async () => {
  // An unsigned PDF of the origin (a record view) delivered as if it were the certificate.
  const view = await harness.origin.accept('visualizacao-matricula', propertyRequest(samples[1]));
  const viewDone = await harness.origin.waitForState(view.id, ['finished']);
  const unsignedUrl = viewDone.siteReceipts[0] ?? '';
  const unsigned = new Uint8Array(await (await fetch(unsignedUrl)).arrayBuffer());
  expect(checkPdfSignature(unsigned)).toEqual({ kind: 'unsigned' });

  const { order } = await harness.deliverCrafted({
    fonte: 'certidao-inteiro-teor',
    body: propertyRequest(samples[2]),
    accountId: customer.accountId,
    documents: [{ kind: 'certidao', url: unsignedUrl, expires_at: null }],
    result: {
      status_consulta: 'SUCESSO',
      status: 'Emitida',
      previsao_entrega_em: null,
      documento_url: null,
      certidao_codigo: 'AAAA-BBBB-CCCC-DDDD',
      mensagem: 'Certidão emitida.',
      site_receipts: [unsignedUrl],
      identificadores: { numero_pedido: '990000000001' },
    },
  });
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(606);
  expect(done.statusConsulta).toBeNull();
  expect(done.result?.data).toMatchObject({ status_consulta: null, documento_url: null, certidao_codigo: null });
  expect(((done.result?.data ?? {}) as { mensagem: string }).mensagem).toMatch(/assinatura digital/);
  expect(await harness.origin.waitForFinishedMessage(order.id)).toMatchObject({ code: 606, status_consulta: null });

  const alert = await waitFor(() => harness.alerts.find((line) => line.order_id === order.id));
  expect(alert).toMatchObject({
    alert: 'certificate_signature_invalid',
    protocolo: done.protocolo,
    quarantine_key: quarantineKey(customer.accountId, done.protocolo, 'certidao'),
    sha256: sha256(unsigned),
  });
  // Kept for an operator, outside documents/, with no row: the endpoint has nothing to serve.
  const kept = await harness.storage.get(quarantineKey(customer.accountId, done.protocolo, 'certidao'));
  expect(Buffer.concat(await (kept?.body.toArray() ?? [])).equals(Buffer.from(unsigned))).toBe(true);
  expect(await harness.documents(order.id)).toEqual([]);
  expect((await harness.fetchDocument(done.protocolo, customer.token)).status).toBe(404);
});
