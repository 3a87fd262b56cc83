import { randomUUID } from 'node:crypto';
import { DEFAULT_PLAN_ID, getPlan, priceWithMargin } from '@regapi/ledger';
import { EVENT_METRICS } from '@regapi/telemetry';
import { createTestDatabase, type InMemoryMetrics, inMemoryMetrics, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 13: an acceptance is counted (with its debit) once it committed; a replayed key, a 402 and a free 602 are not
// acceptances.

const SCOPES = ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'];
const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const IMOVEL = {
  cpf_cnpj: '123.456.789-09',
  imovel_matricula: '054321',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};
const { ordersAccepted, debits, debitedCentavos } = EVENT_METRICS;

let database: TestDatabase;
let gateway: TestGateway;
let recorder: InMemoryMetrics;

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = inMemoryMetrics();
  gateway = await startTestGateway(database, { metrics: recorder.metrics });
  await loadQuoteCatalog(database.db);
});

afterAll(async () => {
  await gateway.close();
  await recorder.shutdown();
  await database.drop();
});

async function customer(balance: string): Promise<string> {
  const account = await newAccount(gateway.adminUrl, 'Métricas', balance);
  return (await newToken(gateway.adminUrl, account, SCOPES)).token;
}

function execute(token: string, fonte: string, body: unknown, key: string): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/${fonte}`, {
    method: 'POST',
    token,
    body,
    headers: { 'idempotency-key': key },
  });
}

async function searchPriceCentavos(): Promise<number> {
  const plan = await getPlan(database.db, DEFAULT_PLAN_ID);
  if (plan === undefined) throw new Error('no default plan');
  return priceWithMargin(plan, 'pesquisa-previa-bens', 3_217).totalCentavos;
}

test('an acceptance and its debit are counted once per product, however often its key is replayed', async () => {
  const token = await customer('500.00');
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => execute(token, 'pesquisa-previa-bens', SEARCH, key)),
  );
  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([202]));
  expect(await execute(token, 'visualizacao-matricula', IMOVEL, randomUUID())).toMatchObject({ status: 202 });

  const recorded = await recorder.collect();
  expect(recorded.total(ordersAccepted, { product: 'pesquisa-previa-bens' })).toBe(1);
  expect(recorded.total(ordersAccepted, { product: 'visualizacao-matricula' })).toBe(1);
  expect(recorded.total(debits, { product: 'pesquisa-previa-bens' })).toBe(1);
  expect(recorded.total(debitedCentavos, { product: 'pesquisa-previa-bens' })).toBe(await searchPriceCentavos());
  expect(recorded.series(ordersAccepted)).toEqual(
    expect.arrayContaining([{ product: 'pesquisa-previa-bens' }, { product: 'visualizacao-matricula' }]),
  );
});

test('a refusal rolled back (402) or given before any debit (602) counts no acceptance and no debit', async () => {
  const before = await recorder.collect();
  const poor = await customer('1.00');
  expect(await execute(poor, 'pesquisa-previa-bens', SEARCH, randomUUID())).toMatchObject({ status: 402 });
  const token = await customer('500.00');
  const notQuoted = await execute(
    token,
    'visualizacao-matricula',
    { ...IMOVEL, imovel_municipio: 'Valinhos' },
    randomUUID(),
  );
  expect(notQuoted.body.code).toBe(602);

  const after = await recorder.collect();
  expect(after.total(ordersAccepted)).toBe(before.total(ordersAccepted));
  expect(after.total(debitedCentavos)).toBe(before.total(debitedCentavos));
});
