import { randomUUID } from 'node:crypto';
import { isProductEnabled, markOfficeUnavailable, syncCatalog } from '@regapi/catalog';
import { loadQuoteCatalog, QUOTE_SNAPSHOT } from './support/quote-catalog';
import { admin, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Issue 12: an office origin-session marked out of service (the origin said CARTORIO_FORA_DO_AR on an order) is
// refused by quotes and executions — 602, nothing charged, nothing queued for the origin — until a catalog sync shows
// it back. The product stays in service for every other office.

const SCOPES = ['consultas:visualizacao-matricula', 'consultas:certidao-inteiro-teor'];
const CAMPINAS_2 = { uf: 'SP' as const, municipio: 'Campinas', numero: 2 };
const IMOVEL = {
  cpf_cnpj: '123.456.789-09',
  imovel_matricula: '012345',
  imovel_cartorio: 2,
  imovel_municipio: 'campinas',
  imovel_uf: 'SP',
};

const { database, gateway } = useTestGateway();
let accountId: string;
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '500.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, SCOPES));
});

const quote = (fonte: string) => call(`${gateway.url}/v1/orcamento/${fonte}`, { method: 'POST', token, body: IMOVEL });
const execute = (fonte: string) =>
  call(`${gateway.url}/v1/consultas/${fonte}`, {
    method: 'POST',
    token,
    body: IMOVEL,
    headers: { 'idempotency-key': randomUUID() },
  });

async function balance(): Promise<number> {
  const shown = await admin(gateway.adminUrl, 'GET', `/admin/v1/accounts/${accountId}`);
  return Number(shown.body.data[0]?.balance);
}

async function ordersAndMessages(): Promise<{ orders: number; outbox: number }> {
  const orders = await database.db.selectFrom('orders').select('id').execute();
  const outbox = await database.db.selectFrom('outbox').select('seq').execute();
  return { orders: orders.length, outbox: outbox.length };
}

test('a marked office: quote and execution are a free 602 without reaching the origin, until a sync shows it back', async () => {
  expect((await quote('visualizacao-matricula')).body.code).toBe(200);

  expect(await markOfficeUnavailable(database.db, CAMPINAS_2)).toMatchObject({ changed: true });
  const before = { balance: await balance(), ...(await ordersAndMessages()) };
  for (const fonte of ['visualizacao-matricula', 'certidao-inteiro-teor']) {
    const quoted = await quote(fonte);
    expect(quoted.body.code).toBe(602);
    expect(quoted.body.data[0]).toMatchObject({
      disponivel: false,
      motivo: 'cartorio_fora_de_servico',
      preco: null,
      cartorio: expect.objectContaining({ cns: '111111', numero: 2 }),
    });
    const executed = await execute(fonte);
    expect(executed.status).toBe(200);
    expect(executed.body.code).toBe(602);
    expect(executed.body.header).toMatchObject({ billable: false, price: 0 });
    expect(executed.body.data[0]).toMatchObject({ disponivel: false, motivo: 'cartorio_fora_de_servico' });
  }
  expect({ balance: await balance(), ...(await ordersAndMessages()) }).toEqual(before);
  // One office, not the product.
  expect(await isProductEnabled(database.db, 'visualizacao-matricula')).toBe(true);

  // The next catalog sync lists it in service: quoted and accepted again.
  await syncCatalog(database.db, { ...QUOTE_SNAPSHOT, syncedAt: new Date('2026-01-05T13:00:00Z') });
  expect((await quote('visualizacao-matricula')).body.code).toBe(200);
  const accepted = await execute('visualizacao-matricula');
  expect(accepted.status).toBe(202);
  expect(accepted.body.header).toMatchObject({ billable: true });
});
