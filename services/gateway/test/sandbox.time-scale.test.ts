import { randomUUID } from 'node:crypto';
import { FONTES } from '@regapi/contracts';
import { TYPICAL_RUN_MS, transition } from '@regapi/orders';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 29 item 2, docs/decisions/0136: every wait the sandbox tells a `teste` token is on the sandbox's clock
// (SANDBOX_TIME_SCALE, given to the gateway in its sandbox deps), while production's stay the contract's figures.
// Nothing runs the orders here (no origin-session): they stay queued, and the waits are the typical run times.

const TIME_SCALE = 0.005;
/** The most a sandbox wait may be here: one typical run at 0.005 is under a second, rounded up to whole seconds. */
const SANDBOX_MAX_S = 3;
const IMOVEL = { cpf_cnpj: '123.456.789-09', imovel_cartorio: 2, imovel_municipio: 'Campinas', imovel_uf: 'SP' };
const SCOPES = ['consultas:visualizacao-matricula'];

let production: TestDatabase;
let sandbox: TestDatabase;
let gateway: TestGateway;
let testToken: string;
let productionToken: string;

beforeAll(async () => {
  [production, sandbox] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([loadQuoteCatalog(production.db), loadQuoteCatalog(sandbox.db)]);
  gateway = await startTestGateway(production, { sandbox: { db: sandbox, timeScale: TIME_SCALE } });
  const accountId = await newAccount(gateway.adminUrl, 'Integradora', '1000.00');
  ({ token: testToken } = await newToken(gateway.adminUrl, accountId, SCOPES, '30d', 'teste'));
  ({ token: productionToken } = await newToken(gateway.adminUrl, accountId, SCOPES));
});

afterAll(async () => {
  await gateway.close();
  await Promise.all([production.drop(), sandbox.drop()]);
});

async function accept(token: string, matricula: string): Promise<{ protocolo: string; waitS: number }> {
  const answer = await call(`${gateway.url}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    body: { ...IMOVEL, imovel_matricula: matricula },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.status).toBe(202);
  const item = answer.body.data[0];
  return { protocolo: String(item?.protocolo), waitS: Number(item?.consultar_daqui_s) };
}

async function pollWait(token: string, protocolo: string): Promise<number> {
  const answer = await call(`${gateway.url}/v1/consultas/${protocolo}`, { token });
  expect(answer.status).toBe(202);
  return Number(answer.body.data[0]?.consultar_daqui_s);
}

async function statusWaits(token: string): Promise<Map<string, number>> {
  const answer = await call(`${gateway.url}/v1/status`, { token });
  expect(answer.status).toBe(200);
  return new Map(answer.body.data.map((line) => [String(line.fonte), Number(line.espera_prevista_s)]));
}

test("a sandbox order's consultar_daqui_s, at acceptance and when polled, is on the sandbox's clock", async () => {
  const order = await accept(testToken, '7101');
  expect(order.waitS).toBeGreaterThanOrEqual(1);
  expect(order.waitS).toBeLessThanOrEqual(SANDBOX_MAX_S);
  const polled = await pollWait(testToken, order.protocolo);
  expect(polled).toBeGreaterThanOrEqual(1);
  expect(polled).toBeLessThanOrEqual(SANDBOX_MAX_S);
});

test("a production order's consultar_daqui_s is the contract's typical run, as before", async () => {
  const order = await accept(productionToken, '7102');
  expect(order.waitS).toBeGreaterThanOrEqual(TYPICAL_RUN_MS['visualizacao-matricula'] / 1000);
  expect(await pollWait(productionToken, order.protocolo)).toBeGreaterThanOrEqual(
    TYPICAL_RUN_MS['visualizacao-matricula'] / 1000 - 1,
  );
});

test("a running order's wait: the sandbox's run on its clock, production's the typical run", async () => {
  const start = async (database: TestDatabase, protocolo: string) => {
    const { id } = await database.db
      .selectFrom('orders')
      .select('id')
      .where('protocolo', '=', protocolo)
      .executeTakeFirstOrThrow();
    // What origin-session writes as it places the order at the origin.
    await database.db.transaction().execute((trx) => transition(trx, id, 'startAttempt', {}));
  };
  const sandboxOrder = await accept(testToken, '7103');
  const productionOrder = await accept(productionToken, '7104');
  await Promise.all([start(sandbox, sandboxOrder.protocolo), start(production, productionOrder.protocolo)]);
  expect(await pollWait(testToken, sandboxOrder.protocolo)).toBeLessThanOrEqual(SANDBOX_MAX_S);
  expect(await pollWait(productionToken, productionOrder.protocolo)).toBeGreaterThan(SANDBOX_MAX_S * 10);
});

test("GET /v1/status: the sandbox's expected waits are seconds, production's the typical figures", async () => {
  const [sandboxWaits, productionWaits] = await Promise.all([statusWaits(testToken), statusWaits(productionToken)]);
  for (const fonte of FONTES) {
    expect({ fonte, wait: sandboxWaits.get(fonte) }).toEqual({ fonte, wait: expect.any(Number) });
    expect(sandboxWaits.get(fonte)).toBeLessThanOrEqual(SANDBOX_MAX_S);
    // Production's: at least its product's own typical run (72 / 60 / 10 s), more with the queued order ahead.
    expect(productionWaits.get(fonte)).toBeGreaterThanOrEqual(TYPICAL_RUN_MS[fonte] / 1000);
  }
});

test('a sandbox clock outside (0, 1] is refused when the gateway is made', async () => {
  for (const timeScale of [0, -1, 2, Number.NaN]) {
    await expect(startTestGateway(production, { sandbox: { db: sandbox, timeScale } })).rejects.toThrow(RangeError);
  }
});
