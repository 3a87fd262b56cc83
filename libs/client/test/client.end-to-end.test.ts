import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl, magicCpf, magicMatricula } from '@regapi/origin-simulator';
import { startSystem, type TestSandbox, type TestSystem } from '../../../deploy/test/support/system';
import {
  type components,
  NotOfferedError,
  ParticipantDataError,
  RegapiClient,
  RetryableResultError,
  type RetryEvent,
  type WaitProgress,
} from '../src';
import { type CuttingProxy, startCuttingProxy } from './support/cutting-proxy';

// Issue 17, SDK: @regapi/client against the whole running system (gateway, RabbitMQ, origin-session on the origin
// simulator, archive, billing) with sandbox tokens, as an integrator tests with it — typed, no cast — and through a
// relay that cuts the connection after the server acted, which must never charge twice.

jest.setTimeout(120_000);

let system: TestSystem;
/** The integrator's side: `teste` tokens, served by the sandbox's stack (decision 0099). */
let sandbox: TestSandbox;
let samples: readonly OriginSample[];
let proxy: CuttingProxy;

beforeAll(async () => {
  system = await startSystem({ sandbox: true });
  if (system.sandbox === undefined) throw new Error('the system was started without its sandbox');
  sandbox = system.sandbox;
  samples = await createSimulatorControl(sandbox.originUrl).samples();
  proxy = await startCuttingProxy(new URL(system.url));
});

afterAll(async () => {
  await proxy?.close();
  await system?.close();
});

/** The simulator answers in milliseconds (SIM_TIME_SCALE 0.001): poll often instead of the real `consultar_daqui_s`. */
const FAST = { minIntervalMs: 20, maxIntervalMs: 100, timeoutMs: 60_000 } as const;

function sample(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

function clientOf(token: string, baseUrl = system.url, onRetry?: (event: RetryEvent) => void): RegapiClient {
  return new RegapiClient({
    baseUrl,
    token,
    retry: { initialDelayMs: 20, maxDelayMs: 200 },
    ...(onRetry === undefined ? {} : { onRetry }),
  });
}

async function clientFor(baseUrl = system.url, onRetry?: (event: RetryEvent) => void) {
  const { token } = await sandbox.customer();
  return clientOf(token, baseUrl, onRetry);
}

function propertyOf(owner: OriginSample, matricula?: string): components['schemas']['VisualizacaoMatriculaBody'] {
  const imovel = owner.imoveis[0];
  if (imovel === undefined) throw new Error('a sample without property');
  return {
    cpf_cnpj: owner.cpfCnpj,
    imovel_matricula: matricula ?? imovel.matricula,
    imovel_cartorio: imovel.cartorioNumero,
    imovel_municipio: imovel.cartorioMunicipio,
    imovel_uf: imovel.cartorioUf,
  };
}

test('quote → execute → waitForResult → downloadDocument: a search, then the record view of what it found', async () => {
  const client = await clientFor();
  const owner = sample(0);

  const quote = await client.quote('pesquisa-previa-bens', { cpf_cnpj: owner.cpfCnpj, uf: owner.uf });
  expect(quote.code).toBe(200);
  const quoted = quote.data[0];
  const price = quoted !== undefined && 'preco' in quoted ? quoted.preco?.total : undefined;
  expect(price).toBeGreaterThan(0);

  const accepted = await client.execute('pesquisa-previa-bens', { cpf_cnpj: owner.cpfCnpj, uf: owner.uf });
  expect(accepted.code).toBe(202);
  expect(accepted.header).toMatchObject({ billable: true, price });
  const protocolo = accepted.data[0]?.protocolo ?? '';
  expect(protocolo).toMatch(/^\d+$/);

  const progress: WaitProgress[] = [];
  const found = await client.waitForResult(protocolo, { ...FAST, onProgress: (step) => progress.push(step) });
  for (const step of progress) expect(step).toMatchObject({ kind: 'running', protocolo });
  expect(found.code).toBe(200);
  const search = found.data[0];
  if (search?.fonte !== 'pesquisa-previa-bens') throw new Error(`not a search: ${JSON.stringify(search)}`);
  expect(search).toMatchObject({ nada_consta: false, provisorio: false, revisao: 0 });
  expect(search.cobranca).toMatchObject({ debitado: price, estornado: 0 });
  const row = search.imoveis?.find((imovel) => imovel.matricula === owner.imoveis[0]?.matricula);
  expect(row).toBeDefined();

  // The search's archived receipt.
  const receipt = await client.downloadDocument(protocolo);
  expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(receipt.resumed).toBe(0);

  // Chained into the record view with the row's four fields, as returned (typed: no conversion needed).
  const view = await client.execute('visualizacao-matricula', {
    cpf_cnpj: owner.cpfCnpj,
    imovel_matricula: row?.matricula ?? '',
    imovel_cartorio: row?.cartorio_numero ?? 0,
    imovel_municipio: row?.cartorio_municipio ?? '',
    imovel_uf: row?.cartorio_uf ?? '',
  });
  const viewProtocolo = view.data[0]?.protocolo ?? '';
  const viewed = await client.waitForResult(viewProtocolo, FAST);
  const record = viewed.data[0];
  if (record?.fonte !== 'visualizacao-matricula') throw new Error('not a record view');
  expect(record.status_consulta).toBe('SUCESSO');
  expect(record.documento_url).toContain(`/v1/consultas/${viewProtocolo}/documento`);
  const pdf = await client.downloadDocument(viewProtocolo);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.filename).toMatch(new RegExp(`^${viewProtocolo}-`));

  // The statement: one debit per order, each at its quoted price.
  const extrato = await client.extrato();
  const debits = extrato.data.filter((line) => line.tipo === 'debito');
  expect(debits.map((line) => line.protocolo).sort()).toEqual([protocolo, viewProtocolo].sort());
});

test('the connection cut after the server accepted an execution: resent with the SAME key, one order, one debit', async () => {
  const retries: RetryEvent[] = [];
  const client = await clientFor(proxy.url, (event) => retries.push(event));
  const owner = sample(1);
  const cutsBefore = proxy.cuts();

  proxy.cutNext('POST /v1/consultas/pesquisa-previa-bens', -1);
  const accepted = await client.execute('pesquisa-previa-bens', { cpf_cnpj: owner.cpfCnpj, uf: owner.uf });

  expect(proxy.cuts()).toBe(cutsBefore + 1);
  expect(retries).toEqual([
    expect.objectContaining({ method: 'POST', attempt: 2, reason: 'network', idempotencyKey: expect.any(String) }),
  ]);
  const protocolo = accepted.data[0]?.protocolo ?? '';
  // One debit on the account, at the accepted price; one search placed at the origin.
  const debits = (await client.extrato()).data.filter((line) => line.tipo === 'debito');
  expect(debits).toEqual([expect.objectContaining({ protocolo, valor: -accepted.header.price })]);
  await client.waitForResult(protocolo, FAST);
  const digits = owner.cpfCnpj.replace(/\D/g, '');
  const searches = (await sandbox.originOrders()).filter(
    (order) => order.operation === 'search' && JSON.stringify(order.input).includes(digits),
  );
  expect(searches).toHaveLength(1);
});

test('a download cut midway resumes with Range and gives the same bytes, checked against the ETag', async () => {
  const { token } = await sandbox.customer();
  const direct = clientOf(token);
  const owner = sample(2);
  const accepted = await direct.execute('pesquisa-previa-bens', { cpf_cnpj: owner.cpfCnpj, uf: owner.uf });
  const protocolo = accepted.data[0]?.protocolo ?? '';
  await direct.waitForResult(protocolo, FAST);
  const whole = await direct.downloadDocument(protocolo);

  const viaProxy = clientOf(token, proxy.url);
  proxy.cutNext(`/v1/consultas/${protocolo}/documento`, 100);
  const resumed = await viaProxy.downloadDocument(protocolo);
  expect(resumed.resumed).toBe(1);
  expect(resumed.sha256).toBe(whole.sha256);
  expect(Buffer.compare(resumed.bytes, whole.bytes)).toBe(0);
});

test('a finished failure is a ResultError of its class: refunded or not, and whether a new order may succeed', async () => {
  const client = await clientFor();
  const retryClass = await client.execute('pesquisa-previa-bens', {
    cpf_cnpj: magicCpf('overloaded'),
    uf: sample(3).uf,
  });
  const retryError = await client
    .waitForResult(retryClass.data[0]?.protocolo ?? '', FAST)
    .catch((error: unknown) => error);
  expect(retryError).toBeInstanceOf(RetryableResultError);
  expect(retryError).toMatchObject({
    code: 609,
    resultClass: 'retry',
    charged: true,
    refunded: true,
    retry: 'new-order',
  });
  // waitForResult waited until the refund was posted.
  if (!(retryError instanceof RetryableResultError)) throw retryError;
  expect(retryError.item?.cobranca).toMatchObject({ estorno_pendente: false });

  const refused = await client.execute('visualizacao-matricula', propertyOf(sample(3), magicMatricula('data-refused')));
  const dataError = await client.waitForResult(refused.data[0]?.protocolo ?? '', FAST).catch((error: unknown) => error);
  expect(dataError).toBeInstanceOf(ParticipantDataError);
  expect(dataError).toMatchObject({ code: 608, resultClass: 'erro_participante', refunded: false, retry: 'new-order' });
});

test('an execution that is not offered (602) is a NotOfferedError: nothing charged, the same key may be resent', async () => {
  const client = await clientFor();
  const error = await client
    .execute('visualizacao-matricula', { ...propertyOf(sample(4)), imovel_municipio: 'Município Inexistente' })
    .catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(NotOfferedError);
  expect(error).toMatchObject({
    motivo: 'cartorio_nao_encontrado',
    charged: false,
    refunded: false,
    retry: 'same-key',
  });
  expect((await client.extrato()).data.filter((line) => line.tipo === 'debito')).toEqual([]);
});

test('a batch: executed with one key, one order per item, followed to the end with waitForLote', async () => {
  const client = await clientFor();
  const itens = [sample(5), sample(6)].map((owner) => ({ cpf_cnpj: owner.cpfCnpj, uf: owner.uf }));
  const quote = await client.quote('pesquisa-previa-bens/lote', { itens });
  expect(quote.code).toBe(200);
  const accepted = await client.execute('pesquisa-previa-bens/lote', { itens });
  const lote = accepted.data[0];
  expect(lote?.pedidos).toHaveLength(2);
  const done = await client.waitForLote(lote?.lote ?? '', FAST);
  expect(done.data[0]?.resumo).toMatchObject({ concluidas: 2, pendentes: 0 });
});
