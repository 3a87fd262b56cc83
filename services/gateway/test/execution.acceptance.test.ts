import { randomUUID } from 'node:crypto';
import { DEFAULT_PLAN_ID, getPlan, priceWithMargin } from '@regapi/ledger';
import { getOrderByProtocolo } from '@regapi/orders';
import { balanceOf } from './support/account-reads';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, admin, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// POST /v1/consultas/{fonte} (contract 3, 4 execution rules, 7.6; issue 5 items 2-3; architecture rules 3-4). No
// consumer runs here: accepted orders stay queued, which is all the acceptance is about.

const ALL_SCOPES = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
];
const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const IMOVEL = {
  cpf_cnpj: '123.456.789-09',
  imovel_matricula: '012345',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};

const { database, gateway } = useTestGateway();
let accountId: string;
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ALL_SCOPES));
});

function execute(fonte: string, body: unknown, key: string | null = randomUUID(), bearer = token): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/${fonte}`, {
    method: 'POST',
    token: bearer,
    body,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
  });
}

async function ordersOf(account: string): Promise<number> {
  const row = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', account)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function searchPrice(): Promise<number> {
  const plan = await getPlan(database.db, DEFAULT_PLAN_ID);
  if (plan === undefined) throw new Error('no default plan');
  return priceWithMargin(plan, 'pesquisa-previa-bens', 3_217).totalCentavos / 100;
}

test('an execution is accepted with 202, billed with the amount debited, and queued with its run task', async () => {
  const before = await balanceOf(gateway, accountId);
  const answer = await execute('pesquisa-previa-bens', SEARCH);
  expect(answer.status).toBe(202);
  expect(answer.body.code).toBe(202);
  expect(answer.body.header).toMatchObject({ billable: true, price: await searchPrice(), api_version: 'v1' });
  const ack = answer.body.data[0] ?? {};
  expect(Object.keys(ack)).toEqual(['protocolo', 'estado', 'consultar_em', 'consultar_daqui_s']);
  expect(ack.protocolo).toMatch(/^[0-9]+$/);
  expect(ack.estado).toBe('processando');
  expect(ack.consultar_em).toBe(`/v1/consultas/${ack.protocolo}`);
  expect(Number.isInteger(ack.consultar_daqui_s)).toBe(true);
  // Contract 8 typical time of a search: nothing ahead of it, so about 72 s.
  expect(ack.consultar_daqui_s).toBeGreaterThanOrEqual(72);
  expect(await balanceOf(gateway, accountId)).toBeCloseTo(before - (await searchPrice()), 2);

  const order = await getOrderByProtocolo(database.db, String(ack.protocolo));
  expect(order).toMatchObject({ accountId, fonte: 'pesquisa-previa-bens', state: 'queued', uf: 'SP' });
  expect(order?.aceite).toEqual(answer.body);
  const tasks = await database.db.selectFrom('outbox').select(['routing_key', 'payload']).execute();
  expect(tasks.filter((row) => JSON.stringify(row.payload).includes(String(order?.id)))).toHaveLength(1);
});

test('the same key and body replays the identical answer: no new protocolo, no new charge', async () => {
  const key = randomUUID();
  const first = await execute('pesquisa-previa-bens', SEARCH, key);
  const balance = await balanceOf(gateway, accountId);
  const orders = await ordersOf(accountId);
  // The same body with its keys in another order and in upper case key: the same request.
  const again = await execute('pesquisa-previa-bens', { uf: 'SP', cpf_cnpj: SEARCH.cpf_cnpj }, key.toUpperCase());
  expect(again.status).toBe(202);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(again.body).toEqual(first.body);
  expect(await balanceOf(gateway, accountId)).toBe(balance);
  expect(await ordersOf(accountId)).toBe(orders);
});

test('the same key with another body, or for another product, is a 422 naming the header, and charges nothing', async () => {
  const key = randomUUID();
  await execute('pesquisa-previa-bens', SEARCH, key);
  const balance = await balanceOf(gateway, accountId);
  for (const answer of [
    await execute('pesquisa-previa-bens', { ...SEARCH, uf: 'RJ' }, key),
    await execute('visualizacao-matricula', IMOVEL, key),
  ]) {
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe(422);
    expect(answer.body.errors).toEqual([expect.objectContaining({ campo: 'Idempotency-Key' })]);
    expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
  }
  expect(await balanceOf(gateway, accountId)).toBe(balance);
});

test('100 concurrent executions with one key: one order, one debit, 100 identical answers', async () => {
  const account = await newAccount(gateway.adminUrl, 'Concorrente', '500.00');
  const { token: own } = await newToken(gateway.adminUrl, account, ALL_SCOPES);
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 100 }, () => execute('pesquisa-previa-bens', SEARCH, key, own)),
  );
  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([202]));
  const bodies = new Set(answers.map((answer) => JSON.stringify(answer.body)));
  expect(bodies.size).toBe(1);
  expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
  expect(await ordersOf(account)).toBe(1);
  expect(await balanceOf(gateway, account)).toBeCloseTo(500 - (await searchPrice()), 2);
  const debits = await database.db
    .selectFrom('ledger_transaction')
    .select('id')
    .where('kind', '=', 'order_debit')
    .where('account_id', '=', account)
    .execute();
  expect(debits).toHaveLength(1);
});

test('a missing or malformed Idempotency-Key, or a CPF as key, is refused with 422 before any charge', async () => {
  const balance = await balanceOf(gateway, accountId);
  const missing = await execute('pesquisa-previa-bens', SEARCH, null);
  expect(missing.status).toBe(422);
  expect(missing.body.errors.map((error) => error.campo)).toEqual(['Idempotency-Key']);
  const cpf = await execute('pesquisa-previa-bens', SEARCH, '529.982.247-25');
  expect(cpf.body.errors).toEqual([expect.objectContaining({ campo: 'Idempotency-Key', regra: 'not-cpf-cnpj' })]);
  // Both the header and the body are wrong: both are listed.
  const both = await execute('pesquisa-previa-bens', { uf: 'SP' }, 'not-a-uuid');
  expect(both.body.errors.map((error) => error.campo).sort()).toEqual(['Idempotency-Key', 'cpf_cnpj']);
  expect(await balanceOf(gateway, accountId)).toBe(balance);
});

test('no token is 401 and a token without the product scope is 403, before the key is looked at', async () => {
  const unauthenticated = await call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
    method: 'POST',
    body: SEARCH,
  });
  expect(unauthenticated.status).toBe(401);
  const { token: searchOnly } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']);
  const forbidden = await execute('certidao-inteiro-teor', IMOVEL, null, searchOnly);
  expect(forbidden.status).toBe(403);
});

test('an insufficient balance is a 402 that stores nothing: after a top-up the SAME key is accepted', async () => {
  const account = await newAccount(gateway.adminUrl, 'Sem saldo', '1.00');
  const { token: poor } = await newToken(gateway.adminUrl, account, ALL_SCOPES);
  const key = randomUUID();
  const refused = await execute('pesquisa-previa-bens', SEARCH, key, poor);
  expect(refused.status).toBe(402);
  expect(refused.body).toMatchObject({ code: 402, data: [], header: { billable: false, price: 0 } });
  expect(await ordersOf(account)).toBe(0);
  expect(await balanceOf(gateway, account)).toBe(1);
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${account}/credits`, { amount: '100.00' });
  const accepted = await execute('pesquisa-previa-bens', SEARCH, key, poor);
  expect(accepted.status).toBe(202);
  expect(accepted.headers.get('idempotent-replayed')).toBeNull();
  expect(await ordersOf(account)).toBe(1);
});

test('an office that does not quote is a free 602 with HTTP 200, and the key stays unused', async () => {
  const balance = await balanceOf(gateway, accountId);
  const key = randomUUID();
  const answer = await execute('visualizacao-matricula', { ...IMOVEL, imovel_municipio: 'Valinhos' }, key);
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(602);
  expect(answer.body.code_message).toMatch(/Nada foi cobrado.*aja pelo campo code/);
  expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
  expect(answer.body.data[0]).toMatchObject({ disponivel: false, motivo: 'cartorio_nao_encontrado', preco: null });
  expect(await balanceOf(gateway, accountId)).toBe(balance);
  const stored = await database.db.selectFrom('idempotency_key').select('key').where('key', '=', key).execute();
  expect(stored).toHaveLength(0);
});

test('the same record and office ordered by ANY customer in the last 7 days is a free 602 with the date it is accepted again', async () => {
  const first = await execute('visualizacao-matricula', { ...IMOVEL, imovel_matricula: '777' });
  expect(first.status).toBe(202);
  const order = await getOrderByProtocolo(database.db, String(first.body.data[0]?.protocolo));
  if (order === undefined) throw new Error('no order');

  const other = await newAccount(gateway.adminUrl, 'Outro cliente', '100.00');
  const { token: otherToken } = await newToken(gateway.adminUrl, other, ALL_SCOPES);
  // Leading zeros and another spelling of the municipality are the same record in the same office.
  const repeat = await execute(
    'visualizacao-matricula',
    { ...IMOVEL, imovel_matricula: '000777', imovel_municipio: ' campinas ' },
    randomUUID(),
    otherToken,
  );
  expect(repeat.status).toBe(200);
  expect(repeat.body.code).toBe(602);
  expect(repeat.body.header).toMatchObject({ billable: false, price: 0 });
  // Issue 12 item 4: the office's DAY after the 7 days end (Campinas: São Paulo time), never the instant customer A
  // ordered it, in the data or in the message.
  const windowEnds = new Date(order.createdAt.getTime() + 7 * 24 * 3_600_000);
  const localDay = new Date(windowEnds.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
  const again = new Date(Date.parse(`${localDay}T00:00:00Z`) + 24 * 3_600_000).toISOString().slice(0, 10);
  expect(repeat.body.data[0]).toMatchObject({ motivo: 'pedido_em_vigor', aceito_novamente_a_partir_de: again });
  expect(repeat.body.code_message).toContain(again);
  expect(JSON.stringify(repeat.body)).not.toContain(windowEnds.toISOString().slice(11, 19));
  expect(JSON.stringify(repeat.body)).not.toContain(order.createdAt.toISOString().slice(11, 19));
  expect(await balanceOf(gateway, other)).toBe(100);

  // The certificate of the same record is another product: not blocked by the record view.
  const certificate = await execute('certidao-inteiro-teor', { ...IMOVEL, imovel_matricula: '777' });
  expect(certificate.status).toBe(202);
});

test('two customers ordering the same record at the same instant: one order, the other a free 602', async () => {
  const accounts = await Promise.all([
    newAccount(gateway.adminUrl, 'A', '500.00'),
    newAccount(gateway.adminUrl, 'B', '500.00'),
  ]);
  const tokens = await Promise.all(accounts.map((account) => newToken(gateway.adminUrl, account, ALL_SCOPES)));
  const body = { ...IMOVEL, imovel_matricula: '4242' };
  const answers = await Promise.all(
    tokens.map(({ token: t }) => execute('certidao-inteiro-teor', body, randomUUID(), t)),
  );
  expect(answers.map((answer) => answer.body.code).sort()).toEqual([202, 602]);
  const orders = (await ordersOf(accounts[0] ?? '')) + (await ordersOf(accounts[1] ?? ''));
  expect(orders).toBe(1);
});

test('finalidade: 2 by default, 3 kept only when the client sent it explicitly', async () => {
  const byDefault = await execute('pesquisa-previa-bens', { ...SEARCH, uf: 'RJ' });
  const explicit = await execute('pesquisa-previa-bens', { ...SEARCH, uf: 'RJ', finalidade: 3 });
  const stored = await Promise.all(
    [byDefault, explicit].map((answer) => getOrderByProtocolo(database.db, String(answer.body.data[0]?.protocolo))),
  );
  expect(stored[0]?.request?.body).toMatchObject({ finalidade: 2, finalidadeExplicit: false });
  expect(stored[1]?.request?.body).toMatchObject({ finalidade: 3, finalidadeExplicit: true });
});
