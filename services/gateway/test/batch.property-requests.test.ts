import { randomUUID } from 'node:crypto';
import type { ImovelFonte } from '@regapi/contracts';
import { refundOrder } from '@regapi/ledger';
import { getOrderByProtocolo, transition } from '@regapi/orders';
import { balanceOf, countOf } from './support/account-reads';
import { batchRoutes, openAccountOnPlan, openBatchAccount, planPrice } from './support/batch-routes';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Batches of property requests (issue 16; docs/decisions/0090): up to 1,000 record views or certificates in one
// request, one key, one quote, accepted or refused whole — an item its single order would get a 602 for (office
// unknown or out of service, fee unknown, the 7-day order block, the same record twice in the batch) refuses the
// batch — one order, one protocolo and one debit per item, and GET /v1/lotes/{lote}. The test catalog quotes the 2nd
// office of Campinas/SP (fees 23.45 and 87.61); the 3rd is out of service; the 1st of São Paulo has fees of 0.

const FONTES: readonly ImovelFonte[] = ['visualizacao-matricula', 'certidao-inteiro-teor'];
const FEE: Readonly<Record<ImovelFonte, number>> = {
  'visualizacao-matricula': 2_345,
  'certidao-inteiro-teor': 8_761,
};
const SCOPES = FONTES.map((fonte) => `consultas:${fonte}`);
const REQUESTER = '529.982.247-25';
const CAMPINAS = { cpf_cnpj: REQUESTER, imovel_cartorio: 2, imovel_municipio: 'Campinas', imovel_uf: 'SP' };

const fixture = useTestGateway();
const { database, gateway } = fixture;
const routes = batchRoutes(fixture);
let accountId: string;
let token: string;
let records = 0;

beforeAll(async () => {
  ({ accountId, token } = await openBatchAccount(fixture, 'Incorporadora', '100000.00', SCOPES));
});

/** `n` items on records never ordered before in this database (the same record and office is blocked 7 days). */
function fresh(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, () => {
    records += 1;
    return { ...CAMPINAS, imovel_matricula: String(10_000 + records) };
  });
}

const quote = (fonte: ImovelFonte, body: unknown, bearer = token) => routes.quote(`${fonte}/lote`, body, bearer);
const execute = (fonte: ImovelFonte, body: unknown, key: string = randomUUID(), bearer = token) =>
  routes.execute(`${fonte}/lote`, body, key, bearer);

function single(fonte: ImovelFonte, body: unknown): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/${fonte}`, {
    method: 'POST',
    token,
    body,
    headers: { 'idempotency-key': randomUUID() },
  });
}

const priceOf = (fonte: ImovelFonte) => planPrice(database.db, fonte, FEE[fonte]);

async function ledgerOf(orderId: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('ledger_transaction')
    .select('kind')
    .where('order_id', '=', orderId)
    .orderBy('kind')
    .execute();
  return rows.map((row) => row.kind);
}

interface Pedido {
  readonly item: number;
  readonly imovel_matricula: string;
  readonly protocolo: string;
  readonly preco: number;
  readonly cartorio: { readonly cns: string };
}

describe.each(FONTES)('%s', (fonte) => {
  test('the quote prices each item as its single quote and sums them; free; nothing ordered', async () => {
    const price = await priceOf(fonte);
    const itens = fresh(3);
    const orders = await countOf(database.db, 'orders', accountId);
    const answer = await quote(fonte, { itens });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
    const data = answer.body.data[0] ?? {};
    expect(data).toMatchObject({ fonte, abrangencia: 'imoveis', disponivel: true, itens_nao_ofertados: [] });
    expect(data.preco).toEqual({ total: (3 * price) / 100, estimado: true });
    const quoted = data.itens as { item: number; imovel_matricula: string; preco: { total: number } }[];
    expect(quoted.map((item) => [item.item, item.imovel_matricula, item.preco.total])).toEqual(
      itens.map((item, index) => [index, item.imovel_matricula, price / 100]),
    );
    const alone = await call(`${gateway.url}/v1/orcamento/${fonte}`, { method: 'POST', token, body: itens[0] });
    expect(alone.body.data[0]?.preco).toEqual((quoted[0] as { preco: unknown }).preco);
    expect(await countOf(database.db, 'orders', accountId)).toBe(orders);
  });

  test('an item its single order would be refused for makes the batch a 602 naming the item and why', async () => {
    const [first, second] = fresh(2);
    const refused = await quote(fonte, {
      itens: [
        first,
        { ...CAMPINAS, imovel_matricula: '1', imovel_cartorio: 3 },
        second,
        { ...CAMPINAS, imovel_matricula: '1', imovel_cartorio: 9 },
        { ...CAMPINAS, imovel_matricula: '1', imovel_cartorio: 1, imovel_municipio: 'São Paulo' },
        // The record of item 0 again: without leading zeros and with another spelling of the office's municipality.
        { ...first, imovel_matricula: `000${String(first?.imovel_matricula)}`, imovel_municipio: ' CAMPINAS ' },
      ],
    });
    expect(refused.status).toBe(200);
    expect(refused.body.code).toBe(602);
    expect(refused.body.data[0]).toMatchObject({ disponivel: false, preco: null, motivo: 'cartorio_fora_de_servico' });
    const excluded = refused.body.data[0]?.itens_nao_ofertados as { item: number; motivo: string }[];
    expect(excluded.map((item) => [item.item, item.motivo])).toEqual([
      [1, 'cartorio_fora_de_servico'],
      [3, 'cartorio_nao_encontrado'],
      [4, 'tarifa_desconhecida'],
      [5, 'pedido_em_vigor'],
    ]);
    expect(excluded[3]).toMatchObject({ mesmo_imovel_do_item: 0, aceito_novamente_a_partir_de: null });
    expect(String(refused.body.code_message)).toContain('Lote recusado inteiro: 4 de 6 itens');

    const before = await balanceOf(gateway, accountId);
    const orders = await countOf(database.db, 'orders', accountId);
    const executed = await execute(fonte, {
      itens: [first, { ...first, imovel_matricula: `0${first?.imovel_matricula}` }],
    });
    expect([executed.status, executed.body.code, executed.body.header.price]).toEqual([200, 602, 0]);
    expect(await balanceOf(gateway, accountId)).toBe(before);
    expect(await countOf(database.db, 'orders', accountId)).toBe(orders);
  });

  test('bad items are a 422 naming each item by its index', async () => {
    const bad = await quote(fonte, { itens: [...fresh(1), { ...CAMPINAS, imovel_cartorio: '2' }] });
    expect(bad.status).toBe(422);
    const campos = bad.body.errors.map((error: { campo: string }) => error.campo);
    expect(campos).toEqual(expect.arrayContaining(['itens[1].imovel_cartorio', 'itens[1].imovel_matricula']));
    expect((await quote(fonte, { itens: [] })).status).toBe(422);
  });

  test('the execution: one order, protocolo and debit per item, the sum charged once; replayed by its key', async () => {
    const price = await priceOf(fonte);
    const itens = fresh(3);
    const key = randomUUID();
    const before = await balanceOf(gateway, accountId);
    const answer = await execute(fonte, { itens }, key);
    expect(answer.status).toBe(202);
    expect(answer.body.header).toMatchObject({ billable: true, price: (3 * price) / 100 });
    const data = answer.body.data[0] ?? {};
    expect(data).toMatchObject({ fonte, abrangencia: 'imoveis', estado: 'processando' });
    expect(data.consultar_em).toBe(`/v1/lotes/${data.lote}`);
    const pedidos = data.pedidos as Pedido[];
    expect(pedidos.map((pedido) => [pedido.item, pedido.imovel_matricula, pedido.preco, pedido.cartorio.cns])).toEqual(
      itens.map((item, index) => [index, item.imovel_matricula, price / 100, '111111']),
    );
    expect(new Set(pedidos.map((pedido) => pedido.protocolo)).size).toBe(3);
    expect(await balanceOf(gateway, accountId)).toBeCloseTo(before - (3 * price) / 100, 2);
    for (const pedido of pedidos) {
      const order = await getOrderByProtocolo(database.db, pedido.protocolo);
      expect(order).toMatchObject({ accountId, fonte, state: 'queued', uf: 'SP', priceCentavos: price });
      expect(order?.imovelChave).toBe(`${fonte}:111111:${pedido.imovel_matricula}`);
      expect(await ledgerOf(order?.id ?? '')).toEqual(['order_debit']);
    }
    const row = await database.db
      .selectFrom('order_batch')
      .select(['kind', 'fonte', 'price_centavos'])
      .where('lote', '=', String(data.lote))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'imoveis', fonte, price_centavos: 3 * price });

    const balance = await balanceOf(gateway, accountId);
    const orders = await countOf(database.db, 'orders', accountId);
    const again = await execute(fonte, { itens }, key);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(answer.body);
    expect(await balanceOf(gateway, accountId)).toBe(balance);
    expect(await countOf(database.db, 'orders', accountId)).toBe(orders);

    // Each item's order blocks its record for 7 days like a single order; the other product is not blocked by it.
    const repeat = await single(fonte, itens[1]);
    expect([repeat.status, repeat.body.code, repeat.body.data[0]?.motivo]).toEqual([200, 602, 'pedido_em_vigor']);
    const other = fonte === 'visualizacao-matricula' ? 'certidao-inteiro-teor' : 'visualizacao-matricula';
    expect((await execute(other, { itens: [itens[1]] })).status).toBe(202);
  });

  test('an item already ordered on the platform in the block window refuses the whole batch: 602, nothing charged', async () => {
    const itens = fresh(3);
    const blocker = await newAccount(gateway.adminUrl, 'Outro cliente', '1000.00');
    const { token: blockerToken } = await newToken(gateway.adminUrl, blocker, SCOPES);
    const first = await call(`${gateway.url}/v1/consultas/${fonte}`, {
      method: 'POST',
      token: blockerToken,
      body: itens[2],
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(first.status).toBe(202);
    const key = randomUUID();
    const before = await balanceOf(gateway, accountId);
    const orders = await countOf(database.db, 'orders', accountId);
    const refused = await execute(fonte, { itens }, key);
    expect([refused.status, refused.body.code]).toEqual([200, 602]);
    expect(refused.body.header).toMatchObject({ billable: false, price: 0 });
    const excluded = refused.body.data[0]?.itens_nao_ofertados as Record<string, unknown>[];
    expect(excluded).toHaveLength(1);
    expect(excluded[0]).toMatchObject({ item: 2, motivo: 'pedido_em_vigor', mesmo_imovel_do_item: null });
    expect(String(excluded[0]?.aceito_novamente_a_partir_de)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await balanceOf(gateway, accountId)).toBe(before);
    expect(await countOf(database.db, 'orders', accountId)).toBe(orders);
    // Nothing was stored under the key: the batch without the blocked item is accepted with it.
    expect((await execute(fonte, { itens: itens.slice(0, 2) }, key)).status).toBe(202);
  });

  test('the batch view lists each item in order; one refunded by its class leaves the others charged', async () => {
    const price = await priceOf(fonte);
    const itens = fresh(3);
    const accepted = await execute(fonte, { itens });
    const lote = String(accepted.body.data[0]?.lote);
    const pedidos = accepted.body.data[0]?.pedidos as Pedido[];
    const orders = await Promise.all(pedidos.map((pedido) => getOrderByProtocolo(database.db, pedido.protocolo)));
    const [delivered, failed] = orders;
    if (delivered === undefined || failed === undefined) throw new Error('no order');
    await database.db.transaction().execute(async (trx) => {
      for (const [order, code] of [
        [delivered, 200],
        [failed, 605],
      ] as const) {
        await transition(trx, order.id, 'startAttempt', { attempt_started_at: new Date(), attempts: 1 });
        await transition(trx, order.id, 'finish', {
          code,
          status_consulta: code === 200 ? 'SUCESSO' : null,
          result: JSON.stringify({ status_consulta: code === 200 ? 'SUCESSO' : null }),
          finished_at: new Date(),
        });
      }
    });
    // What billing's settlement does for a finished `retry` (605): the ledger's refund of that one order.
    const before = await balanceOf(gateway, accountId);
    const refund = await database.db
      .transaction()
      .execute((trx) => refundOrder(trx, { orderId: failed.id, reason: 'teste', code: 605 }));
    expect(refund).toMatchObject({ applied: true, amountCentavos: price, resultClass: 'retry' });
    expect(await balanceOf(gateway, accountId)).toBeCloseTo(before + price / 100, 2);
    expect(await ledgerOf(failed.id)).toEqual(['order_debit', 'order_refund']);
    expect(await ledgerOf(delivered.id)).toEqual(['order_debit']);
    expect(await ledgerOf(orders[2]?.id ?? '')).toEqual(['order_debit']);

    const view = await routes.view(lote, token);
    expect(view.status).toBe(202);
    const data = view.body.data[0] ?? {};
    expect(data).toMatchObject({
      lote,
      fonte,
      abrangencia: 'imoveis',
      estado: 'processando',
      debitado: (3 * price) / 100,
      resumo: { itens: 3, concluidas: 1, pendentes: 1, falhas: 1, imoveis: 0 },
      imoveis: [],
    });
    const cobertura = data.cobertura as Record<string, unknown>[];
    expect(cobertura.map((entry) => [entry.item, entry.imovel_matricula, entry.protocolo, entry.situacao])).toEqual([
      [0, itens[0]?.imovel_matricula, pedidos[0]?.protocolo, 'concluida'],
      [1, itens[1]?.imovel_matricula, pedidos[1]?.protocolo, 'falhou'],
      [2, itens[2]?.imovel_matricula, pedidos[2]?.protocolo, 'pendente'],
    ]);
    expect(cobertura[0]).toMatchObject({ codigo: 200, classe: 'sucesso', status_consulta: 'SUCESSO' });
    expect(cobertura[1]).toMatchObject({ codigo: 605, classe: 'retry' });
    expect(cobertura[2]?.consultar_daqui_s).toEqual(expect.any(Number));
  });
});

test("a batch counts every item against the plan's open-order limit: refused whole with 429, nothing charged", async () => {
  const { accountId: limited, token: limitedToken } = await openAccountOnPlan(fixture, {
    plan: { id: 'imoveis-limite', name: 'Limite de lote', maxOpenOrders: 2 },
    account: 'Conta limitada',
    amount: '1000.00',
    scopes: SCOPES,
  });
  const itens = fresh(3);
  const refused = await execute('visualizacao-matricula', { itens }, randomUUID(), limitedToken);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(await balanceOf(gateway, limited)).toBe(1000);
  expect(await countOf(database.db, 'orders', limited)).toBe(0);
  expect(
    (await execute('visualizacao-matricula', { itens: itens.slice(0, 2) }, randomUUID(), limitedToken)).status,
  ).toBe(202);
});

test('a balance that does not cover the sum refuses the whole batch: 402, nothing charged, no order', async () => {
  const price = await priceOf('certidao-inteiro-teor');
  const poor = await newAccount(gateway.adminUrl, 'Saldo curto', ((2 * price) / 100).toFixed(2));
  const { token: poorToken } = await newToken(gateway.adminUrl, poor, SCOPES);
  const refused = await execute('certidao-inteiro-teor', { itens: fresh(3) }, randomUUID(), poorToken);
  expect(refused.status).toBe(402);
  expect(await countOf(database.db, 'orders', poor)).toBe(0);
  expect(await countOf(database.db, 'order_batch', poor)).toBe(0);
});

test('two batches sharing a record at the same instant: one is accepted, the other refused whole by the order block', async () => {
  const other = await newAccount(gateway.adminUrl, 'Concorrente', '1000.00');
  const { token: otherToken } = await newToken(gateway.adminUrl, other, SCOPES);
  for (let round = 0; round < 5; round++) {
    const [shared, mine, theirs] = fresh(3);
    const answers = await Promise.all([
      execute('visualizacao-matricula', { itens: [mine, shared] }),
      execute('visualizacao-matricula', { itens: [shared, theirs] }, randomUUID(), otherToken),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([202, 602]);
    const orders = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('imovel_chave', '=', `visualizacao-matricula:111111:${String(shared?.imovel_matricula)}`)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(1);
  }
});

test('a single order and a batch naming one record at the same instant take the same lock: one order, one 602', async () => {
  for (const fonte of FONTES) {
    for (let round = 0; round < 5; round++) {
      const [shared, other] = fresh(2);
      const answers = await Promise.all([single(fonte, shared), execute(fonte, { itens: [other, shared] })]);
      expect(answers.map((answer) => answer.body.code).sort()).toEqual([202, 602]);
      const orders = await database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('imovel_chave', '=', `${fonte}:111111:${String(shared?.imovel_matricula)}`)
        .executeTakeFirstOrThrow();
      expect(Number(orders.n)).toBe(1);
    }
  }
});

test('a batch of 1,000 certificates is accepted whole: 1,000 orders with their order-block keys, 1,000 debits', async () => {
  // The default plan's open-order limit is below 1,000: a plan that admits the batch.
  const { accountId: big, token: bigToken } = await openAccountOnPlan(fixture, {
    plan: { id: 'imoveis-mil', name: 'Lote de mil', maxOpenOrders: 1000 },
    account: 'Conta grande',
    amount: '200000.00',
    scopes: SCOPES,
  });
  const itens = fresh(1000);
  const started = performance.now();
  const answer = await execute('certidao-inteiro-teor', { itens }, randomUUID(), bigToken);
  const acceptedMs = performance.now() - started;
  expect(answer.status).toBe(202);
  expect(answer.body.data[0]?.pedidos).toHaveLength(1000);
  const keyed = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.count<string>('imovel_chave').distinct().as('n'))
    .where('account_id', '=', big)
    .executeTakeFirstOrThrow();
  expect(Number(keyed.n)).toBe(1000);
  const debits = await database.db
    .selectFrom('ledger_transaction')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'order_debit')
    .where('account_id', '=', big)
    .executeTakeFirstOrThrow();
  expect(Number(debits.n)).toBe(1000);
  const viewStarted = performance.now();
  const view = await routes.view(String(answer.body.data[0]?.lote), bigToken);
  const viewMs = performance.now() - viewStarted;
  expect(view.body.data[0]?.resumo).toMatchObject({ itens: 1000, pendentes: 1000 });
  console.log(`1,000-certificate batch: accepted in ${Math.round(acceptedMs)} ms, viewed in ${Math.round(viewMs)} ms`);
});
