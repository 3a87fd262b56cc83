import { setLowBalanceThreshold } from '@regapi/ledger';
import { seedOrderHistory } from './support/seed-order';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// GET /v1/saldo (issue 17; docs/decisions/0091): balance, threshold and what unsettled orders hold, own account only.

const { database, gateway } = useTestGateway();
let accountA: string;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  accountA = await newAccount(gateway.adminUrl, 'Conta A', '100.00');
  const accountB = await newAccount(gateway.adminUrl, 'Conta B', '50.00');
  tokenA = (await newToken(gateway.adminUrl, accountA, ['consultas:certidao-inteiro-teor'])).token;
  tokenB = (await newToken(gateway.adminUrl, accountB)).token;
  const db = database.db;
  // Reserved: still queued; a refunded class not refunded yet; a record view 605 before its reconciliation;
  // a certificate INDISPONIVEL before its refund.
  await seedOrderHistory(db, accountA, { priceCentavos: 1_000 });
  await seedOrderHistory(db, accountA, { priceCentavos: 300, code: 609 });
  await seedOrderHistory(db, accountA, { priceCentavos: 700, fonte: 'visualizacao-matricula', code: 605 });
  await seedOrderHistory(db, accountA, {
    priceCentavos: 200,
    fonte: 'certidao-inteiro-teor',
    code: 200,
    statusConsulta: 'INDISPONIVEL',
  });
  // Settled: kept by its class; refunded already.
  await seedOrderHistory(db, accountA, { priceCentavos: 500, code: 200 });
  await seedOrderHistory(db, accountA, { priceCentavos: 400, code: 609, refunded: true });
  await seedOrderHistory(db, accountB, { priceCentavos: 900 });
  // A record view 605 the reconciliation FOUND at the origin: the amount is kept, settled.
  const found = await seedOrderHistory(db, accountB, {
    priceCentavos: 600,
    fonte: 'visualizacao-matricula',
    code: 605,
  });
  const now = new Date();
  await db
    .insertInto('record_view_reconciliation')
    .values({ order_id: found.id, state: 'found', next_round_at: now, created_at: now, updated_at: now })
    .execute();
});

const saldo = (token: string) => call(`${gateway.url}/v1/saldo`, { token });

test('the balance, no threshold, and the net debit of the orders not yet settled, in reais; free', async () => {
  const answer = await saldo(tokenA);
  expect(answer.status).toBe(200);
  expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  expect(answer.body.data).toEqual([
    {
      saldo: 73,
      limite_saldo_baixo: null,
      saldo_baixo: false,
      reservado: 22,
      pedidos_nao_liquidados: 4,
    },
  ]);
});

test('a threshold above the balance is shown and flags the balance as low', async () => {
  await setLowBalanceThreshold(database.db, accountA, 8_000);
  const answer = await saldo(tokenA);
  expect(answer.body.data[0]).toEqual(expect.objectContaining({ limite_saldo_baixo: 80, saldo_baixo: true }));
  await setLowBalanceThreshold(database.db, accountA, null);
});

test("another account's token sees only its own money; a record view the reconciliation found is settled", async () => {
  const answer = await saldo(tokenB);
  expect(answer.status).toBe(200);
  expect(answer.body.data[0]).toEqual(expect.objectContaining({ saldo: 35, reservado: 9, pedidos_nao_liquidados: 1 }));
});

test('without a token: 401 envelope', async () => {
  const response = await fetch(`${gateway.url}/v1/saldo`);
  expect(response.status).toBe(401);
  expect(((await response.json()) as { code: number }).code).toBe(401);
});
