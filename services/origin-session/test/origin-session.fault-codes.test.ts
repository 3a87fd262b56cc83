import { isProductEnabled, lastCatalogSync, setProductEnabled } from '@regapi/catalog';
import { type ResultClass, type ResultCode, resultClassOf } from '@regapi/contracts';
import type { OriginFault, OriginSample } from '@regapi/origin';
import { magicCpf, magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

let harness: Harness;
let samples: readonly OriginSample[];

beforeAll(async () => {
  harness = await startHarness();
  samples = await harness.control.samples();
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

/**
 * Searches whose answer takes no product down: run together, each with its own magic document. An answer that proves
 * nothing about the origin (a timeout, a maintenance page, a lost session) ends the order only once the origin shows
 * no order for it after its maximum time (docs/decisions/0110): `finishThroughDoubt` moves the clock over that wait.
 */
const SEARCH_FAULTS: readonly [OriginFault, ResultCode, ResultClass][] = [
  ['nothing-found', 612, 'nao_encontrado'],
  ['data-refused', 608, 'erro_participante'],
  ['data-changed', 619, 'erro_participante'],
  ['timeout', 605, 'retry'],
  ['down', 600, 'retry'],
  ['overloaded', 609, 'retry'],
  ['too-many-attempts', 610, 'retry'],
  ['session-kicked', 613, 'retry'],
  ['receipt-error', 615, 'retry'],
  ['captcha', 604, 'fatal'],
];

test.each(SEARCH_FAULTS.map(([fault, code, resultClass]) => ({ fault, code, resultClass })))(
  'search, origin fault $fault → $code ($resultClass)',
  async ({ fault, code, resultClass }) => {
    const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf(fault), uf: 'SP' });
    const done = await harness.finishThroughDoubt(order.id);
    expect(done.code).toBe(code);
    expect(resultClassOf(code)).toBe(resultClass);
    expect(done.result?.data).toMatchObject({
      // A search that concluded (612) is an INDICIO; a failed one concludes nothing and claims no confidence.
      confianca: code === 612 ? 'INDICIO' : null,
      nada_consta: code === 612 ? expect.any(Boolean) : false,
    });
    expect(await harness.waitForFinishedMessage(order.id)).toMatchObject({ code });
    expect(await isProductEnabled(harness.database.db, 'pesquisa-previa-bens')).toBe(true);
  },
);

test('a receipt error keeps the origin protocol of the search that did run', async () => {
  const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf('receipt-error', 1), uf: 'MG' });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(615);
  expect(done.numeroPedido).toMatch(/^\d+$/);
  expect(done.result?.data).toMatchObject({ protocolo_origem: done.numeroPedido, imoveis: null, cobertura: null });
});

const PROPERTY_FAULTS: readonly { fault: OriginFault; code: ResultCode; resultClass: ResultClass }[] = [
  { fault: 'cannot-issue-online', code: 611, resultClass: 'indeterminado' },
  { fault: 'nothing-found', code: 612, resultClass: 'nao_encontrado' },
  { fault: 'data-refused', code: 608, resultClass: 'erro_participante' },
];

test.each(PROPERTY_FAULTS)('record view, origin fault $fault → $code ($resultClass)', async ({ fault, code }) => {
  const order = await harness.accept('visualizacao-matricula', {
    ...propertyRequest(samples[4]),
    imovel_matricula: magicMatricula(fault),
  });
  const done = await harness.waitForState(order.id, ['finished']);
  expect(done.code).toBe(code);
  expect(done.result?.data).toMatchObject({ status_consulta: null, documento_url: null, dados: { total_pago: null } });
});

test('the same record ordered again within 7 days: 602 (contract 7.6 meaning), the product stays in service', async () => {
  const first = await harness.accept('visualizacao-matricula', propertyRequest(samples[5]));
  expect((await harness.waitForState(first.id, ['finished'])).code).toBe(200);
  const again = await harness.accept('visualizacao-matricula', propertyRequest(samples[5]));
  const done = await harness.waitForState(again.id, ['finished']);
  expect(done.code).toBe(602);
  // The office's day, never the instant of the order that blocks it (docs/decisions/0048).
  expect(((done.result?.data ?? {}) as { mensagem: string }).mensagem).toMatch(/a partir de \d{4}-\d{2}-\d{2}\./);
  expect(((done.result?.data ?? {}) as { mensagem: string }).mensagem).not.toMatch(/T\d{2}:\d{2}/);
  expect(await isProductEnabled(harness.database.db, 'visualizacao-matricula')).toBe(true);
});

const OUTAGE_FAULTS: readonly { fault: OriginFault; code: ResultCode }[] = [
  { fault: 'service-unavailable', code: 602 },
  { fault: 'service-invalid', code: 603 },
  { fault: 'blocked', code: 603 },
];

test.each(OUTAGE_FAULTS)(
  'search, origin fault $fault → $code (fatal, permanent): the product goes out of service',
  async ({ fault, code }) => {
    const order = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: magicCpf(fault), uf: 'RJ' });
    const done = await harness.waitForState(order.id, ['finished']);
    expect(done.code).toBe(code);
    expect(resultClassOf(code)).toBe('fatal');
    expect(await isProductEnabled(harness.database.db, 'pesquisa-previa-bens')).toBe(false);
    await setProductEnabled(harness.database.db, 'pesquisa-previa-bens', true, 'test: back in service');
  },
);
