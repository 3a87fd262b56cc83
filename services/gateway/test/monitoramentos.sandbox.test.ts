import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// A watch lives in its token's environment (docs/decisions/0099, 0152): a `teste` token's watch is in the sandbox's
// database only, and production's token of the same account does not see it (404), and the other way round.

const SCOPES = ['consultas:pesquisa-previa-bens'];
const WATCH = { tipo: 'pessoa', frequencia: 'diaria', pedido: { cpf_cnpj: '529.982.247-25', uf: 'SP' } };

let production: TestDatabase;
let sandbox: TestDatabase;
let gateway: TestGateway;
let accountId: string;
let testToken: string;
let productionToken: string;

beforeAll(async () => {
  [production, sandbox] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([loadQuoteCatalog(production.db), loadQuoteCatalog(sandbox.db)]);
  const balance = { refillToCentavos: 10_000, refillBelowCentavos: 10_000 };
  gateway = await startTestGateway(production, { sandbox: { db: sandbox, balance, timeScale: 0.005 } });
  accountId = await newAccount(gateway.adminUrl, 'Integradora');
  ({ token: testToken } = await newToken(gateway.adminUrl, accountId, SCOPES, '30d', 'teste'));
  ({ token: productionToken } = await newToken(gateway.adminUrl, accountId, SCOPES));
});

afterAll(async () => {
  await gateway.close();
  await Promise.all([production.drop(), sandbox.drop()]);
});

const create = (token: string) =>
  call(`${gateway.url}/v1/monitoramentos`, {
    method: 'POST',
    token,
    body: WATCH,
    headers: { 'idempotency-key': randomUUID() },
  });
const watchesIn = (database: TestDatabase) =>
  database.db.selectFrom('watch').select('id').where('account_id', '=', accountId).execute();

test("each environment keeps its own watches: the other environment's token gets a 404", async () => {
  const testWatch = await create(testToken);
  expect(testWatch.status).toBe(201);
  expect(testWatch.headers.get('x-regapi-ambiente')).toBe('teste');
  const testId = String(testWatch.body.data[0]?.id);
  const productionWatch = await create(productionToken);
  expect(productionWatch.status).toBe(201);
  const productionId = String(productionWatch.body.data[0]?.id);
  expect(await watchesIn(sandbox)).toEqual([{ id: testId }]);
  expect(await watchesIn(production)).toEqual([{ id: productionId }]);
  const read = (token: string, id: string) => call(`${gateway.url}/v1/monitoramentos/${id}`, { token });
  expect((await read(testToken, testId)).status).toBe(200);
  expect((await read(productionToken, testId)).status).toBe(404);
  expect((await read(testToken, productionId)).status).toBe(404);
  const listed = await call(`${gateway.url}/v1/monitoramentos`, { token: productionToken });
  expect((listed.body.data[0] as { monitoramentos: { id: string }[] }).monitoramentos.map((w) => w.id)).toEqual([
    productionId,
  ]);
});
