import { randomUUID } from 'node:crypto';
import { refundOrder } from '@regapi/ledger';
import { getOrderByProtocolo } from '@regapi/orders';
import { balanceOf, countOf } from './support/account-reads';
import { batchRoutes, openAccountOnPlan, openBatchAccount, planPrice } from './support/batch-routes';
import { type Answer, admin, newAccount, newToken, useTestGateway } from './support/test-gateway';

// The many-targets batch (issue 16; docs/decisions/0088): up to 1,000 CPF/CNPJ × UF items in one request, one key,
// one quote, accepted or refused whole, one order and one debit per item in one transaction, and GET /v1/lotes/{lote}.
// The test catalog quotes SP and RJ only (AC's fee is 0, the others have none).

const SCOPES = ['consultas:pesquisa-previa-bens'];
const CPF_A = '529.982.247-25';
const CPF_B = '111.444.777-35';
const ITENS = [
  { cpf_cnpj: CPF_A, uf: 'SP', nome: 'Fulano de Tal' },
  { cpf_cnpj: CPF_A, uf: 'RJ' },
  { cpf_cnpj: CPF_B, uf: 'SP' },
];

const fixture = useTestGateway();
const { database, gateway } = fixture;
const routes = batchRoutes(fixture);
let accountId: string;
let token: string;

beforeAll(async () => {
  ({ accountId, token } = await openBatchAccount(fixture, 'Birô de Crédito', '100000.00', SCOPES));
});

const quote = (body: unknown, bearer = token) => routes.quote('pesquisa-previa-bens/lote', body, bearer);
const execute = (body: unknown, key: string = randomUUID(), bearer = token) =>
  routes.execute('pesquisa-previa-bens/lote', body, key, bearer);
const batch = (lote: string, bearer = token) => routes.view(lote, bearer);
const priceOf = (feeCentavos: number) => planPrice(database.db, 'pesquisa-previa-bens', feeCentavos);

function campos(answer: Answer): string[] {
  return answer.body.errors.map((error: { campo: string }) => error.campo);
}

/** `n` distinct valid CPFs (check digits computed), for a batch of `n` targets. */
function cpfs(n: number): string[] {
  const result: string[] = [];
  for (let seed = 100_000_000; result.length < n; seed += 7) {
    const base = String(seed).padStart(9, '0').split('').map(Number);
    const digit = (digits: number[]) => {
      const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const d1 = digit(base);
    const d2 = digit([...base, d1]);
    const cpf = [...base, d1, d2].join('');
    if (!/^(\d)\1+$/.test(cpf)) result.push(cpf);
  }
  return result;
}

test('the quote lists each item with its price and the sum; free; an item not offered makes it a 602 naming it', async () => {
  const sp = await priceOf(3_217);
  const rj = await priceOf(2_999);
  const answer = await quote({ itens: ITENS });
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(200);
  expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
  const item = answer.body.data[0] ?? {};
  expect(item).toMatchObject({ abrangencia: 'alvos', disponivel: true, itens_nao_ofertados: [] });
  expect(item.preco).toEqual({ total: (2 * sp + rj) / 100, estimado: true });
  const itens = item.itens as { item: number; cpf_cnpj: string; uf: string; preco: { total: number } }[];
  expect(itens.map((entry) => [entry.item, entry.uf, entry.preco.total])).toEqual([
    [0, 'SP', sp / 100],
    [1, 'RJ', rj / 100],
    [2, 'SP', sp / 100],
  ]);
  expect(itens[0]?.cpf_cnpj).toBe('52998224725');

  const partly = await quote({ itens: [...ITENS, { cpf_cnpj: CPF_B, uf: 'AC' }] });
  expect(partly.status).toBe(200);
  expect(partly.body.code).toBe(602);
  expect(partly.body.data[0]).toMatchObject({
    disponivel: false,
    preco: null,
    itens_nao_ofertados: [{ item: 3, uf: 'AC', motivo: 'tarifa_desconhecida' }],
  });
  expect(await countOf(database.db, 'orders', accountId)).toBe(0);
});

test('bad items are a 422 naming each item by its index; duplicates, empty and oversized lists too', async () => {
  const bad = await quote({
    itens: [ITENS[0], { cpf_cnpj: '123', uf: 'SP' }, ITENS[1], { cpf_cnpj: CPF_B, uf: 'XX', extra: 1 }],
  });
  expect(bad.status).toBe(422);
  expect(campos(bad)).toEqual(expect.arrayContaining(['itens[1].cpf_cnpj', 'itens[3].uf']));
  expect(campos(bad).some((campo) => campo.startsWith('itens[0]') || campo.startsWith('itens[2]'))).toBe(false);

  const twice = await execute({ itens: [ITENS[0], ITENS[1], { ...ITENS[0], cpf_cnpj: '52998224725' }] });
  expect(twice.status).toBe(422);
  expect(twice.body.errors).toContainEqual(expect.objectContaining({ campo: 'itens[2]', regra: 'duplicado' }));

  expect(campos(await quote({ itens: [] }))).toEqual(['itens']);
  expect(campos(await quote({}))).toEqual(['itens']);
  expect(campos(await quote({ itens: ITENS, uf: 'SP' }))).toEqual(['uf']);
  const tooMany = cpfs(1001).map((cpf_cnpj) => ({ cpf_cnpj, uf: 'SP' }));
  const refused = await quote({ itens: tooMany });
  expect(refused.status).toBe(422);
  expect(refused.body.errors[0]).toMatchObject({ campo: 'itens', regra: 'maxItems' });
  expect(await countOf(database.db, 'orders', accountId)).toBe(0);
});

test('the execution creates one order per item with its own protocolo and one debit each; the sum charged once', async () => {
  const sp = await priceOf(3_217);
  const rj = await priceOf(2_999);
  const before = await balanceOf(gateway, accountId);
  const answer = await execute({ itens: ITENS });
  expect(answer.status).toBe(202);
  expect(answer.body.header).toMatchObject({ billable: true, price: (2 * sp + rj) / 100 });
  const item = answer.body.data[0] ?? {};
  expect(item).toMatchObject({ abrangencia: 'alvos', estado: 'processando', consultar_em: `/v1/lotes/${item.lote}` });
  const pedidos = item.pedidos as { item: number; uf: string; cpf_cnpj: string; protocolo: string; preco: number }[];
  expect(pedidos.map((pedido) => [pedido.item, pedido.cpf_cnpj, pedido.uf, pedido.preco])).toEqual([
    [0, '52998224725', 'SP', sp / 100],
    [1, '52998224725', 'RJ', rj / 100],
    [2, '11144477735', 'SP', sp / 100],
  ]);
  expect(new Set(pedidos.map((pedido) => pedido.protocolo)).size).toBe(3);
  expect(await balanceOf(gateway, accountId)).toBeCloseTo(before - (2 * sp + rj) / 100, 2);
  for (const pedido of pedidos) {
    const order = await getOrderByProtocolo(database.db, pedido.protocolo);
    expect(order).toMatchObject({ accountId, state: 'queued', uf: pedido.uf });
    expect(order?.request?.body).toMatchObject({ cpf_cnpj: pedido.cpf_cnpj, uf: pedido.uf });
    const debits = await database.db
      .selectFrom('ledger_transaction')
      .select('amount_centavos')
      .where('kind', '=', 'order_debit')
      .where('order_id', '=', order?.id ?? '')
      .execute();
    expect(debits).toHaveLength(1);
  }
  const row = await database.db
    .selectFrom('order_batch')
    .select(['kind', 'price_centavos'])
    .where('lote', '=', String(item.lote))
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ kind: 'pesquisa-alvos', price_centavos: 2 * sp + rj });
});

test('the same key replays the batch: no new orders, no new charge; another body under it is a 422', async () => {
  const key = randomUUID();
  const first = await execute({ itens: ITENS }, key);
  expect(first.status).toBe(202);
  const balance = await balanceOf(gateway, accountId);
  const orders = await countOf(database.db, 'orders', accountId);
  const again = await execute({ itens: ITENS }, key);
  expect(again.status).toBe(202);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  expect(await balanceOf(gateway, accountId)).toBe(balance);
  expect(await countOf(database.db, 'orders', accountId)).toBe(orders);
  const other = await execute({ itens: ITENS.slice(1) }, key);
  expect(other.status).toBe(422);
  expect(other.body.errors[0]).toMatchObject({ campo: 'Idempotency-Key', regra: 'reused-with-other-request' });
});

test('an item not offered refuses the whole execution with 602: nothing charged, no order', async () => {
  const before = await balanceOf(gateway, accountId);
  const orders = await countOf(database.db, 'orders', accountId);
  const refused = await execute({ itens: [...ITENS, { cpf_cnpj: CPF_B, uf: 'MG' }] });
  expect(refused.status).toBe(200);
  expect(refused.body.code).toBe(602);
  expect(refused.body.header).toMatchObject({ billable: false, price: 0 });
  expect(refused.body.data[0]?.itens_nao_ofertados).toEqual([
    { item: 3, cpf_cnpj: '11144477735', uf: 'MG', motivo: 'tarifa_desconhecida' },
  ]);
  expect(await balanceOf(gateway, accountId)).toBe(before);
  expect(await countOf(database.db, 'orders', accountId)).toBe(orders);
});

test('a balance that covers some items but not the sum refuses the whole batch: 402, nothing charged', async () => {
  const sp = await priceOf(3_217);
  const account = await newAccount(gateway.adminUrl, 'Saldo curto', ((2 * sp) / 100).toFixed(2));
  const { token: poor } = await newToken(gateway.adminUrl, account, SCOPES);
  const key = randomUUID();
  const refused = await execute({ itens: ITENS }, key, poor);
  expect(refused.status).toBe(402);
  expect(refused.body).toMatchObject({ code: 402, data: [], header: { billable: false, price: 0 } });
  expect(await balanceOf(gateway, account)).toBeCloseTo((2 * sp) / 100, 2);
  expect(await countOf(database.db, 'orders', account)).toBe(0);
  expect(await countOf(database.db, 'order_batch', account)).toBe(0);
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${account}/credits`, { amount: '100.00' });
  const accepted = await execute({ itens: ITENS }, key, poor);
  expect(accepted.status).toBe(202);
  expect(await countOf(database.db, 'orders', account)).toBe(3);
});

test("a batch counts every item against the plan's open-order limit: refused whole with 429", async () => {
  const { accountId: limited, token: limitedToken } = await openAccountOnPlan(fixture, {
    plan: { id: 'alvos-limite', name: 'Limite de lote', maxOpenOrders: 2 },
    account: 'Conta limitada',
    amount: '1000.00',
    scopes: SCOPES,
  });
  const before = await balanceOf(gateway, limited);
  const refused = await execute({ itens: ITENS }, randomUUID(), limitedToken);
  expect(refused.status).toBe(429);
  expect(String(refused.body.code_message)).toContain('2');
  expect(await balanceOf(gateway, limited)).toBe(before);
  expect(await countOf(database.db, 'orders', limited)).toBe(0);
  expect((await execute({ itens: ITENS.slice(0, 2) }, randomUUID(), limitedToken)).status).toBe(202);
});

test('GET on a targets batch lists each item in order with its protocolo, state and class; 404 for others', async () => {
  const accepted = await execute({ itens: ITENS });
  const lote = String(accepted.body.data[0]?.lote);
  const pedidos = accepted.body.data[0]?.pedidos as { protocolo: string }[];
  const second = await getOrderByProtocolo(database.db, pedidos[1]?.protocolo ?? '');
  if (second === undefined) throw new Error('no order');
  await database.db.transaction().execute(async (trx) => {
    const { transition } = await import('@regapi/orders');
    await transition(trx, second.id, 'startAttempt', { attempt_started_at: new Date(), attempts: 1 });
    await transition(trx, second.id, 'finish', {
      code: 200,
      result: JSON.stringify({ nada_consta: false, provisorio: false, imoveis: [{ matricula: '9' }] }),
      site_receipts: JSON.stringify([]),
      finished_at: new Date(),
    });
  });
  const view = await batch(lote);
  expect(view.status).toBe(202);
  const data = view.body.data[0] ?? {};
  expect(data).toMatchObject({ lote, abrangencia: 'alvos', resumo: { itens: 3, ufs: 2, pendentes: 2, concluidas: 1 } });
  const cobertura = data.cobertura as { item: number; cpf_cnpj: string; uf: string; protocolo: string }[];
  expect(cobertura.map((entry) => [entry.item, entry.cpf_cnpj, entry.uf, entry.protocolo])).toEqual([
    [0, '52998224725', 'SP', pedidos[0]?.protocolo],
    [1, '52998224725', 'RJ', pedidos[1]?.protocolo],
    [2, '11144477735', 'SP', pedidos[2]?.protocolo],
  ]);
  expect(cobertura[1]).toMatchObject({ situacao: 'concluida', codigo: 200, classe: 'sucesso' });
  expect(data.imoveis).toEqual([
    { matricula: '9', item: 1, cpf_cnpj: '52998224725', uf_pesquisada: 'RJ', protocolo: pedidos[1]?.protocolo },
  ]);
  const stranger = await newAccount(gateway.adminUrl, 'Outra conta', '10.00');
  const { token: other } = await newToken(gateway.adminUrl, stranger, SCOPES);
  expect((await batch(lote, other)).status).toBe(404);
});

test('items are refunded one by one: the refund of one item returns its own price only, by its class', async () => {
  const rj = await priceOf(2_999);
  const accepted = await execute({ itens: ITENS });
  const pedidos = accepted.body.data[0]?.pedidos as { protocolo: string }[];
  const order = await getOrderByProtocolo(database.db, pedidos[1]?.protocolo ?? '');
  if (order === undefined) throw new Error('no order');
  const before = await balanceOf(gateway, accountId);
  // What billing's settlement does for a finished `retry` (605): the ledger's per-order refund.
  const refund = await database.db
    .transaction()
    .execute((trx) => refundOrder(trx, { orderId: order.id, reason: 'teste', code: 605 }));
  expect(refund).toMatchObject({ applied: true, amountCentavos: rj, resultClass: 'retry' });
  expect(await balanceOf(gateway, accountId)).toBeCloseTo(before + rj / 100, 2);
  const again = await database.db
    .transaction()
    .execute((trx) => refundOrder(trx, { orderId: order.id, reason: 'teste', code: 605 }));
  expect(again).toMatchObject({ applied: false, reason: 'already_refunded' });
});

test('a batch of 1,000 items is accepted whole: 1,000 orders, 1,000 debits, one answer', async () => {
  // The default plan's open-order limit is below 1,000: a plan that admits the batch.
  const { accountId: big, token: bigToken } = await openAccountOnPlan(fixture, {
    plan: { id: 'alvos-mil', name: 'Lote de mil', maxOpenOrders: 1000 },
    account: 'Conta grande',
    amount: '100000.00',
    scopes: SCOPES,
  });
  const itens = cpfs(1000).map((cpf_cnpj, index) => ({ cpf_cnpj, uf: index % 2 === 0 ? 'SP' : 'RJ' }));
  const before = await balanceOf(gateway, big);
  const started = performance.now();
  const answer = await execute({ itens }, randomUUID(), bigToken);
  const acceptedMs = performance.now() - started;
  expect(answer.status).toBe(202);
  expect(answer.body.data[0]?.pedidos).toHaveLength(1000);
  expect(await countOf(database.db, 'orders', big)).toBe(1000);
  const sum = 500 * ((await priceOf(3_217)) + (await priceOf(2_999)));
  expect(await balanceOf(gateway, big)).toBeCloseTo(before - sum / 100, 2);
  const debits = await database.db
    .selectFrom('ledger_transaction')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'order_debit')
    .where('account_id', '=', big)
    .executeTakeFirstOrThrow();
  expect(Number(debits.n)).toBe(1000);
  const viewStarted = performance.now();
  const view = await batch(String(answer.body.data[0]?.lote), bigToken);
  const viewMs = performance.now() - viewStarted;
  expect(view.body.data[0]?.resumo).toMatchObject({ itens: 1000, pendentes: 1000 });
  console.log(`1,000-item batch: accepted in ${Math.round(acceptedMs)} ms, viewed in ${Math.round(viewMs)} ms`);
});
