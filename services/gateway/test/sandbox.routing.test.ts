import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 17, the sandbox (docs/decisions/0099): a `teste` token is served from the sandbox's database — its orders,
// its ledger, its balance that refills itself — and never touches production's; a `producao` token never sees the
// sandbox. Both are checked, and charged the account's rate limit, once.

const IMOVEL = { cpf_cnpj: '123.456.789-09', imovel_cartorio: 2, imovel_municipio: 'Campinas', imovel_uf: 'SP' };
const SCOPES = ['consultas:visualizacao-matricula', 'consultas:pesquisa-previa-bens'];
/** R$ 100,00, refilled as soon as anything is spent: every debit is followed by a refill. */
const BALANCE = { refillToCentavos: 10_000, refillBelowCentavos: 10_000 };

let production: TestDatabase;
let sandbox: TestDatabase;
let gateway: TestGateway;
let accountId: string;
let testToken: string;
let productionToken: string;

beforeAll(async () => {
  [production, sandbox] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([loadQuoteCatalog(production.db), loadQuoteCatalog(sandbox.db)]);
  gateway = await startTestGateway(production, { sandbox: { db: sandbox, balance: BALANCE, timeScale: 0.005 } });
  // No money in production: whatever the sandbox token buys, production could not have paid for.
  accountId = await newAccount(gateway.adminUrl, 'Integradora');
  ({ token: testToken } = await newToken(gateway.adminUrl, accountId, SCOPES, '30d', 'teste'));
  ({ token: productionToken } = await newToken(gateway.adminUrl, accountId, SCOPES));
});

afterAll(async () => {
  await gateway.close();
  await Promise.all([production.drop(), sandbox.drop()]);
});

function execute(token: string, matricula: string, base = gateway.url) {
  return call(`${base}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    body: { ...IMOVEL, imovel_matricula: matricula },
    headers: { 'idempotency-key': randomUUID() },
  });
}

const ordersIn = (database: TestDatabase) =>
  database.db.selectFrom('orders').select('protocolo').where('account_id', '=', accountId).execute();
const ledgerIn = (database: TestDatabase) =>
  database.db.selectFrom('ledger_transaction').select(['kind', 'amount_centavos']).where('account_id', '=', accountId);

test('GET /v1/token and every answer name the environment', async () => {
  const test = await call(`${gateway.url}/v1/token`, { token: testToken });
  expect(test.body.data[0]).toEqual(expect.objectContaining({ ambiente: 'teste', conta: accountId }));
  expect(test.headers.get('x-regapi-ambiente')).toBe('teste');
  const prod = await call(`${gateway.url}/v1/saldo`, { token: productionToken });
  expect(prod.headers.get('x-regapi-ambiente')).toBe('producao');
  const sandboxBalance = await call(`${gateway.url}/v1/saldo`, { token: testToken });
  expect(sandboxBalance.headers.get('x-regapi-ambiente')).toBe('teste');
});

test('a teste order lives in the sandbox only: production has no order, no entry and still no money', async () => {
  const accepted = await execute(testToken, '5001');
  expect(accepted.status).toBe(202);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  expect((await ordersIn(sandbox)).map((order) => order.protocolo)).toContain(protocolo);
  expect(await ordersIn(production)).toEqual([]);
  expect(await ledgerIn(production).execute()).toEqual([]);
  const prodBalance = await call(`${gateway.url}/v1/saldo`, { token: productionToken });
  expect(prodBalance.body.data[0]).toEqual(expect.objectContaining({ saldo: 0 }));
  // The sandbox's ledger: its opening refill, the debit, and the refill back to R$ 100,00 on the next request.
  const sandboxBalance = await call(`${gateway.url}/v1/saldo`, { token: testToken });
  expect(sandboxBalance.body.data[0]).toEqual(expect.objectContaining({ saldo: 100 }));
  const kinds = (await ledgerIn(sandbox).orderBy('seq').execute()).map((entry) => entry.kind);
  expect(kinds).toEqual(['topup', 'order_debit', 'topup']);
  // Production's token cannot read it; the sandbox's can.
  expect((await call(`${gateway.url}/v1/consultas/${protocolo}`, { token: productionToken })).status).toBe(404);
  // Still running: 202 with its ETA.
  expect((await call(`${gateway.url}/v1/consultas/${protocolo}`, { token: testToken })).status).toBe(202);
  const listed = await call(`${gateway.url}/v1/consultas`, { token: productionToken });
  expect((listed.body.data[0] as { consultas: unknown[] }).consultas).toEqual([]);
});

test('a producao order lives in production only, and the sandbox token does not see it', async () => {
  // Without money in production the order is refused for balance — still production's answer, nothing in the sandbox.
  const before = (await ordersIn(sandbox)).length;
  const refused = await execute(productionToken, '5002');
  expect(refused.headers.get('x-regapi-ambiente')).toBe('producao');
  expect(refused.status).toBe(402);
  expect(await ordersIn(sandbox)).toHaveLength(before);
  await call(`${gateway.adminUrl}/admin/v1/accounts/${accountId}/credits`, {
    method: 'POST',
    token: 'test-admin-token-0123456789abcdef0123456789',
    body: { amount: '500.00' },
  });
  const accepted = await execute(productionToken, '5003');
  expect(accepted.status).toBe(202);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  expect((await ordersIn(production)).map((order) => order.protocolo)).toEqual([protocolo]);
  expect((await call(`${gateway.url}/v1/consultas/${protocolo}`, { token: testToken })).status).toBe(404);
});

test('without a sandbox, a teste token is a 503 on every stateful route; GET /v1/token still answers', async () => {
  const alone = await startTestGateway(production);
  try {
    const { token } = await newToken(alone.adminUrl, accountId, SCOPES, '30d', 'teste');
    for (const path of ['/v1/saldo', '/v1/consultas', '/v1/consultas/ABC123', '/v1/extrato']) {
      const answer = await call(`${alone.url}${path}`, { token });
      expect([path, answer.status, answer.body.code]).toEqual([path, 503, 503]);
    }
    expect((await execute(token, '5004', alone.url)).status).toBe(503);
    expect((await call(`${alone.url}/v1/token`, { token })).body.data[0]).toEqual(
      expect.objectContaining({ ambiente: 'teste' }),
    );
  } finally {
    await alone.close();
  }
});

test("a teste request passes production's route and the sandbox's, and spends the rate limit once", async () => {
  const limited = await startTestGateway(production, {
    sandbox: { db: sandbox, balance: BALANCE, timeScale: 0.005 },
    rateLimit: { burst: 3, perSecond: 0.01 },
  });
  try {
    const account = await newAccount(limited.adminUrl, 'Limitada');
    const { token } = await newToken(limited.adminUrl, account, SCOPES, '30d', 'teste');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call(`${limited.url}/v1/saldo`, { token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  } finally {
    await limited.close();
  }
});
