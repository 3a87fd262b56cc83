import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl, magicCpf, magicMatricula, propertyRequest } from '@regapi/origin-simulator';
import { type JsonAnswer, waitFor } from '@regapi/testkit';
import { balanceCentavosOf, conformantCustomerApi } from './support/customer-api';
import { startSystem, type TestSystem } from './support/system';

// Issue 5 "Done when": with only a token and a CPF, quote and run a preliminary search, chain into a record view and a
// certificate, and poll each to its final result — over HTTP, through RabbitMQ, origin-session, the simulator, the
// archive (S3) and billing. Then each 6xx class from the simulator's faults, with the right refund (contract 7.3).

jest.setTimeout(120_000);

/** A Wednesday 10:00 in Brasília: certificate business hours are predictable. */
const WEDNESDAY_MORNING = new Date('2026-03-11T13:00:00.000Z');

let system: TestSystem;
let clock: ManualClock;
let samples: readonly OriginSample[];
let token: string;
let accountId: string;

beforeAll(async () => {
  clock = new ManualClock(WEDNESDAY_MORNING);
  system = await startSystem({ clock });
  samples = await createSimulatorControl(system.originUrl).samples();
  ({ accountId, token } = await system.customer('5000.00'));
});

afterAll(async () => {
  await system.close();
});

function sample(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

const api = conformantCustomerApi(
  () => system,
  () => token,
);
const balanceCentavos = () => balanceCentavosOf(system, accountId);

/** Polls as a client would, until the result is final (HTTP 200) and, for a refund, until billing posted it. */
async function pollToEnd(protocolo: string, timeoutMs = 60_000): Promise<JsonAnswer> {
  return waitFor(
    async () => {
      const answer = await api(`/v1/consultas/${protocolo}`);
      if (answer.status !== 200) return undefined;
      const cobranca = answer.body.data[0]?.cobranca as { estorno_pendente?: boolean } | undefined;
      return cobranca?.estorno_pendente ? undefined : answer;
    },
    { timeoutMs, intervalMs: 100, what: `the result of ${protocolo}` },
  );
}

async function quoteAndExecute(fonte: string, body: Record<string, unknown>) {
  const quote = await api(`/v1/orcamento/${fonte}`, body);
  expect(quote.body.code).toBe(200);
  const preco = quote.body.data[0]?.preco as { total: number } | undefined;
  if (preco === undefined) throw new Error(`no price: ${JSON.stringify(quote.body)}`);
  const total = preco.total;
  const accepted = await api(`/v1/consultas/${fonte}`, body, randomUUID());
  expect(accepted.status).toBe(202);
  // The quote is the only number that matches the invoice (contract 4 quote rule 3).
  expect(accepted.body.header).toMatchObject({ billable: true, price: total });
  return { accepted, protocolo: String(accepted.body.data[0]?.protocolo), price: total };
}

test('a token and a CPF: search → record view → certificate, each quoted, executed and polled to its result', async () => {
  const owner = sample(0);
  const before = await balanceCentavos();

  const search = await quoteAndExecute('pesquisa-previa-bens', { cpf_cnpj: owner.cpfCnpj, uf: owner.uf });
  const found = await pollToEnd(search.protocolo);
  expect(found.body.code).toBe(200);
  const result = found.body.data[0] ?? {};
  expect(result).toMatchObject({ confianca: 'INDICIO', nada_consta: false, provisorio: false });
  expect(result.aceite).toEqual(search.accepted.body);
  expect(result.cobranca).toMatchObject({ debitado: search.price, estornado: 0 });
  const imoveis = result.imoveis as Record<string, unknown>[];
  const first = owner.imoveis[0];
  const row = imoveis.find((item) => item.matricula === first?.matricula);
  expect(row).toMatchObject({ cartorio_numero: first?.cartorioNumero, cartorio_uf: first?.cartorioUf });

  // Chain straight into the property products with the row's four fields (contract 2.4 names).
  const property = {
    cpf_cnpj: owner.cpfCnpj,
    imovel_matricula: String(row?.matricula),
    imovel_cartorio: Number(row?.cartorio_numero),
    imovel_municipio: String(row?.cartorio_municipio),
    imovel_uf: String(row?.cartorio_uf),
  };
  const view = await quoteAndExecute('visualizacao-matricula', property);
  const viewed = await pollToEnd(view.protocolo);
  expect(viewed.body.code).toBe(200);
  const viewResult = viewed.body.data[0] ?? {};
  expect(viewResult.status_consulta).toBe('SUCESSO');
  expect(viewResult.documento_url).toEqual(expect.stringContaining(`/v1/consultas/${view.protocolo}/documento`));
  expect(viewResult.mensagem).toEqual(expect.stringMatching(/fé pública/i));
  // Contract 2.5 and 9: dados.total_pago, in reais, is the acceptance's header.price.
  const totalPago = (viewResult.dados as { total_pago: string }).total_pago;
  expect(Number(totalPago.replace(/[^0-9,]/g, '').replace(',', '.'))).toBe(view.price);
  expect((viewResult.identificadores as { numero_pedido: string }).numero_pedido).toMatch(/^[0-9]+$/);

  const certificate = await quoteAndExecute('certidao-inteiro-teor', property);
  const inIssue = await waitFor(
    async () => {
      const answer = await api(`/v1/consultas/${certificate.protocolo}`);
      return answer.body.data[0]?.status_consulta === 'EM_EMISSAO' ? answer : undefined;
    },
    { what: 'the certificate in issue' },
  );
  expect(inIssue.status).toBe(202);
  const forecast = String(inIssue.body.data[0]?.previsao_entrega_em);
  expect(new Date(forecast).getTime()).toBeGreaterThan(WEDNESDAY_MORNING.getTime());
  // The office issues it in registry business hours: the clock jumps to the forecast, the first check finds it.
  clock.set(new Date(new Date(forecast).getTime() + 60_000));
  const issued = await pollToEnd(certificate.protocolo);
  expect(issued.body.code).toBe(200);
  expect(issued.body.data[0]).toMatchObject({ status_consulta: 'SUCESSO', status: 'Emitida' });
  expect(issued.body.data[0]?.certidao_codigo).toEqual(expect.any(String));

  const spent = Math.round((search.price + view.price + certificate.price) * 100);
  expect(await balanceCentavos()).toBe(before - spent);
});

/** One case per class of contract 7.3, each selected by the simulator's magic inputs (docs/origin-simulator.md). */
const CLASSES: readonly {
  readonly name: string;
  readonly fonte: string;
  readonly body: () => Record<string, unknown>;
  readonly code: number;
  readonly refunded: boolean;
}[] = [
  {
    name: 'nao_encontrado (612): kept',
    fonte: 'pesquisa-previa-bens',
    body: () => ({ cpf_cnpj: magicCpf('nothing-found'), uf: sample(1).uf }),
    code: 612,
    refunded: false,
  },
  {
    name: 'indeterminado (611): kept',
    fonte: 'visualizacao-matricula',
    body: () => propertyRequest(sample(2), { matricula: magicMatricula('cannot-issue-online') }),
    code: 611,
    refunded: false,
  },
  {
    name: 'erro_participante (608): kept',
    fonte: 'visualizacao-matricula',
    body: () => propertyRequest(sample(3), { matricula: magicMatricula('data-refused') }),
    code: 608,
    refunded: false,
  },
  {
    name: 'retry (609): refunded',
    fonte: 'pesquisa-previa-bens',
    body: () => ({ cpf_cnpj: magicCpf('overloaded'), uf: sample(4).uf }),
    code: 609,
    refunded: true,
  },
  {
    name: 'fatal (604): refunded',
    fonte: 'pesquisa-previa-bens',
    body: () => ({ cpf_cnpj: magicCpf('captcha'), uf: sample(5).uf }),
    code: 604,
    refunded: true,
  },
  {
    name: 'retry (618, certificate accepted without protocol → INDISPONIVEL): refunded',
    fonte: 'certidao-inteiro-teor',
    body: () => propertyRequest(sample(6), { matricula: magicMatricula('accepted-without-protocol') }),
    code: 618,
    refunded: true,
  },
];

test.each(CLASSES.map((entry) => [entry.name, entry]))('%s', async (_name, entry) => {
  const before = await balanceCentavos();
  const { protocolo, price } = await quoteAndExecute(entry.fonte, entry.body());
  const end = await pollToEnd(protocolo);
  expect(end.status).toBe(200);
  expect(end.body.code).toBe(entry.code);
  expect(end.body.code_message).toMatch(/aja pelo campo code/);
  const cobranca = end.body.data[0]?.cobranca;
  expect(cobranca).toMatchObject({ debitado: price, estornado: entry.refunded ? price : 0 });
  expect(await balanceCentavos()).toBe(before - (entry.refunded ? 0 : Math.round(price * 100)));
  if (entry.fonte === 'certidao-inteiro-teor') expect(end.body.data[0]?.status_consulta).toBe('INDISPONIVEL');
});

test('fatal 603 from the origin: refunded, the product goes out of service (free 602), and an operator puts it back', async () => {
  const { protocolo, price } = await quoteAndExecute('pesquisa-previa-bens', {
    cpf_cnpj: magicCpf('service-invalid'),
    uf: sample(7).uf,
  });
  const end = await pollToEnd(protocolo);
  expect(end.body.code).toBe(603);
  expect(end.body.data[0]?.cobranca).toMatchObject({ debitado: price, estornado: price });

  const body = { cpf_cnpj: sample(7).cpfCnpj, uf: sample(7).uf };
  const before = await balanceCentavos();
  for (const answer of [
    await api('/v1/orcamento/pesquisa-previa-bens', body),
    await api('/v1/consultas/pesquisa-previa-bens', body, randomUUID()),
  ]) {
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(602);
    expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
    expect(answer.body.data[0]).toMatchObject({ motivo: 'produto_fora_de_servico' });
  }
  expect(await balanceCentavos()).toBe(before);

  await system.admin('POST', '/admin/v1/products/pesquisa-previa-bens/enable');
  const back = await api('/v1/consultas/pesquisa-previa-bens', body, randomUUID());
  expect(back.status).toBe(202);
});
