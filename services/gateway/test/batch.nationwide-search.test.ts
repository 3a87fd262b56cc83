import { randomUUID } from 'node:crypto';
import { getOrderByProtocolo, type Order, transition } from '@regapi/orders';
import { sql } from 'kysely';
import { balanceOf, countOf } from './support/account-reads';
import { batchRoutes, openAccountOnPlan, openBatchAccount, planPrice } from './support/batch-routes';
import { admin, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// The nationwide preliminary search (issue 16; docs/decisions/0087): one request, one key, one quote of the UFs
// offered (contract 7.9), one order and one debit per UF in one transaction, and GET /v1/lotes/{lote}. The test catalog
// quotes SP and RJ only (AC's fee is 0, the others have none). No consumer runs: the test finishes orders itself.

const SCOPES = ['consultas:pesquisa-previa-bens'];
const TARGET = { cpf_cnpj: '529.982.247-25', nome: 'Fulano de Tal' };

const fixture = useTestGateway();
const { database, gateway } = fixture;
const routes = batchRoutes(fixture);
let accountId: string;
let token: string;

beforeAll(async () => {
  ({ accountId, token } = await openBatchAccount(fixture, 'Birô de Crédito', '1000.00', SCOPES));
});

const quote = (body: unknown, bearer = token) => routes.quote('pesquisa-previa-bens/nacional', body, bearer);
const execute = (body: unknown, key: string = randomUUID(), bearer = token) =>
  routes.execute('pesquisa-previa-bens/nacional', body, key, bearer);
const batch = (lote: string, bearer = token) => routes.view(lote, bearer);
const priceOf = (feeCentavos: number) => planPrice(database.db, 'pesquisa-previa-bens', feeCentavos);

async function finish(order: Order, code: number, result: Record<string, unknown>): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, order.id, 'startAttempt', { attempt_started_at: new Date(), attempts: 1 });
    await transition(trx, order.id, 'finish', {
      code,
      result: JSON.stringify(result),
      site_receipts: JSON.stringify([]),
      finished_at: new Date(),
    });
  });
}

test('the quote lists the UFs offered with their prices and the sum, and the UFs left out with why; free', async () => {
  const sp = await priceOf(3_217);
  const rj = await priceOf(2_999);
  const answer = await quote(TARGET);
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(200);
  expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
  const item = answer.body.data[0] ?? {};
  expect(item).toMatchObject({ fonte: 'pesquisa-previa-bens', abrangencia: 'nacional', disponivel: true });
  expect(item.preco).toEqual({ total: (sp + rj) / 100, estimado: true });
  expect((item.ufs as { uf: string; preco: { total: number } }[]).map((uf) => [uf.uf, uf.preco.total])).toEqual([
    ['RJ', rj / 100],
    ['SP', sp / 100],
  ]);
  const excluded = item.ufs_nao_ofertadas as { uf: string; motivo: string }[];
  expect(excluded).toHaveLength(25);
  expect(excluded).toContainEqual({ uf: 'AC', motivo: 'tarifa_desconhecida' });
  expect(await countOf(database.db, 'orders', accountId)).toBe(0);
});

test('a body with uf, or without cpf_cnpj, is a 422 naming the field; an execution without a key too', async () => {
  const withUf = await quote({ ...TARGET, uf: 'SP' });
  expect(withUf.status).toBe(422);
  expect(withUf.body.errors.map((error: { campo: string }) => error.campo)).toContain('uf');
  const noDocument = await execute({ nome: 'x' });
  expect(noDocument.status).toBe(422);
  expect(noDocument.body.errors.map((error: { campo: string }) => error.campo)).toContain('cpf_cnpj');
  const noKey = await call(`${gateway.url}/v1/consultas/pesquisa-previa-bens/nacional`, {
    method: 'POST',
    token,
    body: TARGET,
  });
  expect(noKey.status).toBe(422);
  expect(noKey.body.errors.map((error: { campo: string }) => error.campo)).toContain('Idempotency-Key');
});

test('the execution creates one order per UF offered and debits the sum, one ledger debit per order, once', async () => {
  const sp = await priceOf(3_217);
  const rj = await priceOf(2_999);
  const before = await balanceOf(gateway, accountId);
  const answer = await execute(TARGET);
  expect(answer.status).toBe(202);
  expect(answer.body.code).toBe(202);
  expect(answer.body.header).toMatchObject({ billable: true, price: (sp + rj) / 100 });
  const item = answer.body.data[0] ?? {};
  expect(item.lote).toMatch(/^[0-9]+$/);
  expect(item).toMatchObject({ estado: 'processando', consultar_em: `/v1/lotes/${item.lote}` });
  const pedidos = item.pedidos as { uf: string; protocolo: string; consultar_em: string; preco: number }[];
  expect(pedidos.map((pedido) => [pedido.uf, pedido.preco])).toEqual([
    ['RJ', rj / 100],
    ['SP', sp / 100],
  ]);
  expect(new Set(pedidos.map((pedido) => pedido.protocolo)).size).toBe(2);
  expect(await balanceOf(gateway, accountId)).toBeCloseTo(before - (sp + rj) / 100, 2);

  for (const pedido of pedidos) {
    const order = await getOrderByProtocolo(database.db, pedido.protocolo);
    expect(order).toMatchObject({ accountId, fonte: 'pesquisa-previa-bens', state: 'queued', uf: pedido.uf });
    // Each order's own acceptance: its protocolo and its own price, the nested `aceite` of its result.
    expect(order?.aceite).toMatchObject({
      code: 202,
      header: { price: pedido.preco },
      data: [{ protocolo: pedido.protocolo }],
    });
    const debits = await database.db
      .selectFrom('ledger_transaction')
      .select('amount_centavos')
      .where('kind', '=', 'order_debit')
      .where('order_id', '=', order?.id ?? '')
      .execute();
    expect(debits).toHaveLength(1);
    // One poll per order works as for any order.
    const polled = await call(`${gateway.url}${pedido.consultar_em}`, { token });
    expect(polled.status).toBe(202);
  }
  const tasks = await database.db.selectFrom('outbox').select('payload').execute();
  const runs = tasks.filter((row) => pedidos.some((pedido) => JSON.stringify(row.payload).includes(pedido.protocolo)));
  expect(runs).toHaveLength(2);
});

test('the same key replays the same batch: no new orders, no new charge; another body under it is a 422', async () => {
  const key = randomUUID();
  const first = await execute(TARGET, key);
  expect(first.status).toBe(202);
  const balance = await balanceOf(gateway, accountId);
  const orders = await countOf(database.db, 'orders', accountId);
  const batches = await countOf(database.db, 'order_batch', accountId);
  const again = await execute({ nome: TARGET.nome, cpf_cnpj: TARGET.cpf_cnpj }, key.toUpperCase());
  expect(again.status).toBe(202);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  expect(await balanceOf(gateway, accountId)).toBe(balance);
  expect(await countOf(database.db, 'orders', accountId)).toBe(orders);
  expect(await countOf(database.db, 'order_batch', accountId)).toBe(batches);

  const other = await execute({ cpf_cnpj: '111.444.777-35' }, key);
  expect(other.status).toBe(422);
  expect(other.body.errors[0]).toMatchObject({ campo: 'Idempotency-Key', regra: 'reused-with-other-request' });
  // A one-UF search under the nationwide key is another request too.
  const single = await call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
    method: 'POST',
    token,
    body: { ...TARGET, uf: 'SP' },
    headers: { 'idempotency-key': key },
  });
  expect(single.status).toBe(422);
  expect(await balanceOf(gateway, accountId)).toBe(balance);
});

test('a balance that covers one UF but not the sum refuses the whole batch: 402, nothing charged, key still free', async () => {
  const sp = await priceOf(3_217);
  const account = await newAccount(gateway.adminUrl, 'Saldo curto', ((sp + 1) / 100).toFixed(2));
  const { token: poor } = await newToken(gateway.adminUrl, account, SCOPES);
  const key = randomUUID();
  const refused = await execute(TARGET, key, poor);
  expect(refused.status).toBe(402);
  expect(refused.body).toMatchObject({ code: 402, data: [], header: { billable: false, price: 0 } });
  expect(await balanceOf(gateway, account)).toBeCloseTo((sp + 1) / 100, 2);
  expect(await countOf(database.db, 'orders', account)).toBe(0);
  expect(await countOf(database.db, 'order_batch', account)).toBe(0);
  await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${account}/credits`, { amount: '100.00' });
  const accepted = await execute(TARGET, key, poor);
  expect(accepted.status).toBe(202);
  expect(accepted.headers.get('idempotent-replayed')).toBeNull();
  expect(await countOf(database.db, 'orders', account)).toBe(2);
});

test('GET on the batch: each UF state, findings consolidated across UFs, 202 until every UF ends, 404 for others', async () => {
  const accepted = await execute(TARGET);
  const lote = String(accepted.body.data[0]?.lote);
  const pedidos = accepted.body.data[0]?.pedidos as { uf: string; protocolo: string }[];
  const running = await batch(lote);
  expect(running.status).toBe(202);
  expect(running.body.header).toMatchObject({ billable: false, price: 0 });
  const view = running.body.data[0] ?? {};
  expect(view).toMatchObject({ lote, estado: 'processando', resumo: { ufs: 2, pendentes: 2, concluidas: 0 } });
  expect(view.consultar_daqui_s).toBeGreaterThanOrEqual(1);
  expect((view.cobertura as { situacao: string }[]).map((uf) => uf.situacao)).toEqual(['pendente', 'pendente']);
  expect(view.imoveis).toEqual([]);

  const byUf = new Map(pedidos.map((pedido) => [pedido.uf, pedido.protocolo]));
  const rj = await getOrderByProtocolo(database.db, byUf.get('RJ') ?? '');
  const sp = await getOrderByProtocolo(database.db, byUf.get('SP') ?? '');
  if (rj === undefined || sp === undefined) throw new Error('no orders');
  await finish(sp, 200, {
    nada_consta: false,
    provisorio: false,
    imoveis: [
      { matricula: '123', cartorio: 'A' },
      { matricula: null, cartorio: 'B' },
    ],
  });
  const half = await batch(lote);
  expect(half.status).toBe(202);
  expect(half.body.data[0]?.resumo).toMatchObject({ concluidas: 1, pendentes: 1, imoveis: 2 });
  expect(half.body.data[0]?.imoveis).toEqual([
    { matricula: '123', cartorio: 'A', uf_pesquisada: 'SP', protocolo: sp.protocolo },
    { matricula: null, cartorio: 'B', uf_pesquisada: 'SP', protocolo: sp.protocolo },
  ]);

  await finish(rj, 605, {});
  const done = await batch(lote);
  expect(done.status).toBe(200);
  expect(done.body.code).toBe(200);
  const final = done.body.data[0] ?? {};
  expect(final).toMatchObject({
    estado: 'concluido',
    consultar_daqui_s: null,
    resumo: { concluidas: 1, falhas: 1, pendentes: 0 },
  });
  expect(final.cobertura).toEqual([
    expect.objectContaining({
      uf: 'RJ',
      protocolo: rj.protocolo,
      situacao: 'falhou',
      codigo: 605,
      classe: 'retry',
      imoveis_encontrados: 0,
    }),
    expect.objectContaining({
      uf: 'SP',
      protocolo: sp.protocolo,
      situacao: 'concluida',
      codigo: 200,
      classe: 'sucesso',
      nada_consta: false,
      imoveis_encontrados: 2,
    }),
  ]);

  const stranger = await newAccount(gateway.adminUrl, 'Outra conta', '10.00');
  const { token: other } = await newToken(gateway.adminUrl, stranger, SCOPES);
  expect((await batch(lote, other)).status).toBe(404);
  expect((await batch('123')).status).toBe(404);
  expect((await batch('abc')).status).toBe(404);
});

test('two requests with the same key at the same instant: one batch, one charge; the other replays it', async () => {
  const key = randomUUID();
  const balance = await balanceOf(gateway, accountId);
  const batches = await countOf(database.db, 'order_batch', accountId);
  const [a, b] = await Promise.all([execute(TARGET, key), execute(TARGET, key)]);
  expect([a.status, b.status]).toEqual([202, 202]);
  expect(a.body).toEqual(b.body);
  const replayed = [a, b].filter((answer) => answer.headers.get('idempotent-replayed') === 'true');
  expect(replayed).toHaveLength(1);
  expect(await countOf(database.db, 'order_batch', accountId)).toBe(batches + 1);
  const sum = ((await priceOf(3_217)) + (await priceOf(2_999))) / 100;
  expect(await balanceOf(gateway, accountId)).toBeCloseTo(balance - sum, 2);
});

test("a batch counts every UF against the plan's open-order limit: refused whole with 429, nothing charged", async () => {
  // A plan that admits one open order: the test catalog offers two UFs, so the batch would open two.
  const { accountId: limited, token: limitedToken } = await openAccountOnPlan(fixture, {
    plan: { id: 'lote-limite', name: 'Limite de lote', maxOpenOrders: 1 },
    account: 'Conta limitada',
    amount: '1000.00',
    scopes: SCOPES,
  });
  const before = await balanceOf(gateway, limited);
  const key = randomUUID();

  const refused = await execute(TARGET, key, limitedToken);
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe(429);
  expect(String(refused.body.code_message)).toContain('1');
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(await balanceOf(gateway, limited)).toBe(before);
  expect(await countOf(database.db, 'orders', limited)).toBe(0);
  expect(await countOf(database.db, 'order_batch', limited)).toBe(0);
  // Nothing was stored under the key: once the plan allows it, the same key is accepted.
  await sql`UPDATE plan SET max_open_orders = 10 WHERE id = 'lote-limite'`.execute(database.db);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect((await execute(TARGET, key, limitedToken)).status).toBe(202);
  expect(await countOf(database.db, 'orders', limited)).toBe(2);
});
