import { randomUUID } from 'node:crypto';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { balanceCentavosOf, conformantCustomerApi } from './support/customer-api';
import { startSystem, type TestSystem } from './support/system';

// Issue 16 (docs/decisions/0087): a nationwide preliminary search in one call, through the whole system — gateway,
// RabbitMQ, origin-session, the simulator, billing — polled on GET /v1/lotes/{lote} until every UF has ended, with
// the owner's findings consolidated and every UF's order charged once.

jest.setTimeout(180_000);

let system: TestSystem;
let samples: readonly OriginSample[];
let token: string;
let accountId: string;

beforeAll(async () => {
  system = await startSystem();
  samples = await createSimulatorControl(system.originUrl).samples();
  ({ accountId, token } = await system.customer('5000.00'));
});

afterAll(async () => {
  await system.close();
});

const api = conformantCustomerApi(
  () => system,
  () => token,
);
const balanceCentavos = () => balanceCentavosOf(system, accountId);

test('quote, execute once, every UF runs at the origin, and the batch shows coverage and the findings', async () => {
  const owner = samples[0];
  if (owner === undefined) throw new Error('no sample');
  const body = { cpf_cnpj: owner.cpfCnpj };

  const quote = await api('/v1/orcamento/pesquisa-previa-bens/nacional', body);
  expect(quote.body.code).toBe(200);
  const quoted = quote.body.data[0] as { preco: { total: number }; ufs: { uf: string }[] };
  const ufs = quoted.ufs.map((item) => item.uf);
  expect(ufs.length).toBeGreaterThan(1);
  expect(ufs).toContain(owner.uf);

  const before = await balanceCentavos();
  const key = randomUUID();
  const accepted = await api('/v1/consultas/pesquisa-previa-bens/nacional', body, key);
  expect(accepted.status).toBe(202);
  expect(accepted.body.header).toMatchObject({ billable: true, price: quoted.preco.total });
  const lote = String(accepted.body.data[0]?.lote);
  expect(await balanceCentavos()).toBe(before - Math.round(quoted.preco.total * 100));

  const done = await waitFor(
    async () => {
      const answer = await api(`/v1/lotes/${lote}`);
      return answer.status === 200 ? answer : undefined;
    },
    { timeoutMs: 150_000, intervalMs: 250, what: `the batch ${lote}` },
  );
  const view = done.body.data[0] as {
    estado: string;
    resumo: { ufs: number; pendentes: number };
    cobertura: { uf: string; situacao: string; codigo: number }[];
    imoveis: { matricula: string | null; uf_pesquisada: string }[];
  };
  expect(view.estado).toBe('concluido');
  expect(view.resumo).toMatchObject({ ufs: ufs.length, pendentes: 0 });
  expect(view.cobertura.map((item) => item.uf)).toEqual([...ufs].sort());
  const ownerUf = view.cobertura.find((item) => item.uf === owner.uf);
  expect(ownerUf).toMatchObject({ situacao: 'concluida', codigo: 200 });
  const first = owner.imoveis[0];
  expect(view.imoveis).toContainEqual(
    expect.objectContaining({ matricula: first?.matricula ?? null, uf_pesquisada: owner.uf }),
  );

  // Every UF was placed at the origin exactly once, and the replay of the key changes nothing.
  const searches = (await system.originOrders()).filter((entry) => entry.operation === 'search');
  expect(searches.map((entry) => entry.input.uf).sort()).toEqual([...ufs].sort());
  const balance = await balanceCentavos();
  const again = await api('/v1/consultas/pesquisa-previa-bens/nacional', body, key);
  expect(again.status).toBe(202);
  expect(again.body).toEqual(accepted.body);
  expect(await balanceCentavos()).toBe(balance);
});
