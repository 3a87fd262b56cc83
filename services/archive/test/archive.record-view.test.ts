import { documentKey } from '@regapi/documents';
import type { OriginSample } from '@regapi/origin';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type ArchiveHarness, type Customer, sha256, startArchiveHarness } from './support/archive-harness';

// Issue 6 item 1: a delivered record view is stored in S3 byte-identical, its text layer fills `dados.conteudo`, and
// only then does the order show SUCESSO, with `order.finished` for billing; the endpoint serves the same bytes.

let harness: ArchiveHarness;
let samples: readonly OriginSample[];
let customer: Customer;

beforeAll(async () => {
  // No observer of deliveries: the archive as production wires it.
  harness = await startArchiveHarness({ startArchive: false, observe: false });
  samples = await harness.samples();
  customer = await harness.customer();
});

afterAll(async () => {
  await harness.close();
});

function owner(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

/** A record in an office that delivers scanned pages only (no text layer), which serves orders normally. */
function imageOnlyRecordBody(): Record<string, unknown> {
  const { world } = harness.origin.simulator;
  const record = world.records.find((candidate) => {
    const office = world.officeByCns(candidate.cns);
    return office?.imageOnly === true && office.disponivel && office.issuesOnline && !office.acceptsWithoutProtocol;
  });
  const office = record === undefined ? undefined : world.officeByCns(record.cns);
  if (record === undefined || office === undefined) throw new Error('no image-only office in this world');
  return {
    cpf_cnpj: owner(0).cpfCnpj,
    imovel_matricula: record.matricula,
    imovel_cartorio: office.numero,
    imovel_municipio: office.municipio,
    imovel_uf: office.uf,
  };
}

test('waits in archiving until the archive stored the PDF; then SUCESSO, order.finished once, bytes identical', async () => {
  const order = await harness.origin.accept(
    'visualizacao-matricula',
    propertyRequest(owner(1)),
    5_000,
    customer.accountId,
  );
  const delivered = await harness.origin.waitForState(order.id, ['archiving']);
  // No archive running: nothing stored, nothing finished, nothing billed (decision 0022).
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await harness.origin.order(order.id)).state).toBe('archiving');
  expect(harness.origin.finished.filter((event) => event.order_id === order.id)).toEqual([]);
  expect(await harness.documents(order.id)).toEqual([]);

  await harness.archive.start();
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  expect(done.statusConsulta).toBe('SUCESSO');
  expect(await harness.origin.waitForFinishedMessage(order.id)).toMatchObject({
    code: 200,
    status_consulta: 'SUCESSO',
  });

  const originUrl = delivered.siteReceipts[0] ?? '';
  const data = done.result?.data as {
    documento_url: string;
    site_receipts: string[];
    dados: { conteudo: string | null };
  };
  expect(data.documento_url).toBe(`/v1/consultas/${done.protocolo}/documento`);
  // Contract 2.5: site_receipts keep the origin's link (7 days, audit); documento_url is our own copy.
  expect(data.site_receipts).toEqual([originUrl]);
  expect(data.dados.conteudo).toContain('MATRÍCULA Nº');
  expect(data.dados.conteudo).toContain('sem fé pública');

  const originBytes = new Uint8Array(await (await fetch(originUrl)).arrayBuffer());
  const [row] = await harness.documents(order.id);
  expect(row).toMatchObject({
    kind: 'visualizacao',
    storageKey: documentKey(customer.accountId, done.protocolo, 'visualizacao'),
    sha256: sha256(originBytes),
    sizeBytes: originBytes.byteLength,
    contentType: 'application/pdf',
    originUrl,
  });
  // When the bytes were in hand, then stored: the pipeline's "document received → archived" (migration 0032).
  expect(row?.receivedAt).toBeInstanceOf(Date);
  expect(row?.receivedAt?.getTime()).toBeLessThanOrEqual(row?.storedAt.getTime() ?? 0);

  const stored = await harness.storage.get(row?.storageKey ?? '');
  const storedBytes = Buffer.concat(await (stored?.body.toArray() ?? []));
  expect(storedBytes.equals(Buffer.from(originBytes))).toBe(true);

  const response = await harness.fetchDocument(done.protocolo, customer.token);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('etag')).toBe(`"${sha256(originBytes)}"`);
  const served = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(served).equals(Buffer.from(originBytes))).toBe(true);
  expect(sha256(served)).toBe(row?.sha256);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(harness.origin.finished.filter((event) => event.order_id === order.id)).toHaveLength(1);
});

test('an image-only office: dados.conteudo is null, yet the document is archived and the order SUCESSO', async () => {
  const order = await harness.origin.accept('visualizacao-matricula', imageOnlyRecordBody(), 5_000, customer.accountId);
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  expect(done.result?.data).toMatchObject({
    status_consulta: 'SUCESSO',
    documento_url: `/v1/consultas/${done.protocolo}/documento`,
    dados: { conteudo: null },
  });
  expect(await harness.documents(order.id)).toEqual([expect.objectContaining({ kind: 'visualizacao' })]);
  const response = await harness.fetchDocument(done.protocolo, customer.token);
  expect(response.status).toBe(200);
  expect(
    Buffer.from(await response.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

test("a preliminary search: its printed receipt is archived and is the protocol's document", async () => {
  const searched = owner(2);
  const order = await harness.origin.accept(
    'pesquisa-previa-bens',
    { cpf_cnpj: searched.cpfCnpj, uf: searched.uf },
    5_000,
    customer.accountId,
  );
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(200);
  const [row] = await waitFor(async () => {
    const rows = await harness.documents(order.id);
    return rows.length > 0 ? rows : undefined;
  });
  expect(row?.kind).toBe('comprovante');
  // The search's data[0] has no documento_url (contract 2.4); its site_receipts keep the origin's printed screen.
  expect(done.result?.data).not.toHaveProperty('documento_url');
  const response = await harness.fetchDocument(done.protocolo, customer.token);
  expect(response.status).toBe(200);
  expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(row?.sha256);
});
