import type { Order } from '@regapi/orders';
import { seedOrderHistory } from './support/seed-order';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// GET /v1/consultas (issue 17): the caller's own orders, newest accepted first, filtered, cursor-paginated.

const { database, gateway } = useTestGateway();
let accountA: string;
let tokenA: string;
let tokenB: string;
const ordersA: Order[] = [];
let orderB: Order;

beforeAll(async () => {
  accountA = await newAccount(gateway.adminUrl, 'Conta A', '500.00');
  const accountB = await newAccount(gateway.adminUrl, 'Conta B', '500.00');
  tokenA = (await newToken(gateway.adminUrl, accountA)).token;
  tokenB = (await newToken(gateway.adminUrl, accountB)).token;
  const db = database.db;
  const lastMonth = new Date(Date.now() - 40 * 86_400_000);
  ordersA.push(await seedOrderHistory(db, accountA, { code: 200, acceptedAt: lastMonth, finishedAt: lastMonth }));
  ordersA.push(await seedOrderHistory(db, accountA, { fonte: 'visualizacao-matricula', code: 605 }));
  ordersA.push(await seedOrderHistory(db, accountA, { code: 612 }));
  ordersA.push(await seedOrderHistory(db, accountA, { fonte: 'certidao-inteiro-teor' }));
  ordersA.push(await seedOrderHistory(db, accountA));
  orderB = await seedOrderHistory(db, accountB);
});

interface Page {
  consultas: Record<string, unknown>[];
  proximo_cursor: string | null;
}

async function list(query: string, token = tokenA): Promise<Page> {
  const answer = await call(`${gateway.url}/v1/consultas${query}`, { token });
  expect(answer.status).toBe(200);
  expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  return answer.body.data[0] as unknown as Page;
}

const protocolos = (page: Page) => page.consultas.map((item) => item.protocolo);
const newestFirst = () => [...ordersA].reverse().map((order) => order.protocolo);

test("every order of the caller's account, newest accepted first, never another account's", async () => {
  const page = await list('');
  expect(protocolos(page)).toEqual(newestFirst());
  expect(page.proximo_cursor).toBeNull();
  expect(page.consultas[0]).toEqual({
    protocolo: ordersA[4]?.protocolo,
    fonte: 'pesquisa-previa-bens',
    uf: 'SP',
    referencia: null,
    estado: 'processando',
    codigo: null,
    status_consulta: null,
    preco: 10,
    aceito_em: ordersA[4]?.createdAt.toISOString(),
    concluido_em: null,
    revisao: 0,
  });
  expect(protocolos(await list('', tokenB))).toEqual([orderB.protocolo]);
});

test('pages of limite follow the cursor to the end, each order once, stable while new orders arrive', async () => {
  const before = newestFirst();
  const first = await list('?limite=2');
  expect(protocolos(first)).toEqual(before.slice(0, 2));
  expect(first.proximo_cursor).toEqual(expect.any(String));
  // An order accepted between pages is newer than the cursor: it does not shift the pages that follow.
  const late = await seedOrderHistory(database.db, accountA);
  ordersA.push(late);
  const second = await list(`?limite=2&cursor=${first.proximo_cursor}`);
  expect(protocolos(second)).toEqual(before.slice(2, 4));
  const third = await list(`?limite=2&cursor=${second.proximo_cursor}`);
  expect(protocolos(third)).toEqual(before.slice(4));
  expect(third.proximo_cursor).toBeNull();
  expect(protocolos(await list('?limite=1'))).toEqual([late.protocolo]);
});

test('filters: fonte, estado, codigo and the accepted days (Brasília), combined', async () => {
  const at = (index: number) => ordersA[index]?.protocolo;
  expect(protocolos(await list('?fonte=visualizacao-matricula'))).toEqual([at(1)]);
  expect(protocolos(await list('?estado=concluido'))).toEqual([at(2), at(1), at(0)]);
  expect(protocolos(await list('?estado=processando'))).toEqual([at(5), at(4), at(3)]);
  expect(protocolos(await list('?codigo=612'))).toEqual([at(2)]);
  expect(protocolos(await list('?estado=concluido&fonte=pesquisa-previa-bens'))).toEqual([at(2), at(0)]);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  expect(protocolos(await list(`?de=${today}`))).toEqual([at(5), at(4), at(3), at(2), at(1)]);
});

test.each([
  ['?fonte=outra', 'fonte'],
  ['?estado=finished', 'estado'],
  ['?codigo=299', 'codigo'],
  ['?codigo=abc', 'codigo'],
  ['?limite=0', 'limite'],
  ['?limite=101', 'limite'],
  ['?limite=1.5', 'limite'],
  ['?cursor=nao-e-um-cursor', 'cursor'],
  ['?de=2026-02-30', 'de'],
  ['?fonte=pesquisa-previa-bens&fonte=certidao-inteiro-teor', 'fonte'],
  ['?protocolo=1', 'protocolo'],
  [`?referencia_prefixo=${'x'.repeat(101)}`, 'referencia_prefixo'],
  ['?referencia_prefixo=', 'referencia_prefixo'],
  ['?referencia_prefixo=a&referencia_prefixo=b', 'referencia_prefixo'],
])('invalid %s: 422 naming %s, nothing listed', async (query, campo) => {
  const answer = await call(`${gateway.url}/v1/consultas${query}`, { token: tokenA });
  expect(answer.status).toBe(422);
  expect(answer.body.code).toBe(422);
  expect(answer.body.data).toEqual([]);
  expect(answer.body.errors.map((error) => error.campo)).toContain(campo);
});

test('referencia_prefixo: references that start with the text, as typed; LIKE wildcards are plain characters', async () => {
  const seeded = async (referencia: string) =>
    (await seedOrderHistory(database.db, accountA, { referencia })).protocolo;
  const pedido7 = await seeded('PED-2026-0007');
  const pedido8 = await seeded('PED-2026-0008');
  const wildcard = await seeded('PED_100%');
  const other = await seeded('ped-2026-0009');
  expect(protocolos(await list('?referencia_prefixo=PED-2026-'))).toEqual([pedido8, pedido7]);
  expect(protocolos(await list('?referencia_prefixo=PED'))).toEqual([wildcard, pedido8, pedido7]);
  expect(protocolos(await list('?referencia_prefixo=PED_'))).toEqual([wildcard]);
  expect(protocolos(await list(`?referencia_prefixo=${encodeURIComponent('PED_100%')}`))).toEqual([wildcard]);
  expect(protocolos(await list('?referencia_prefixo=%25'))).toEqual([]);
  expect(protocolos(await list('?referencia=PED-2026-0007'))).toEqual([pedido7]);
  expect(protocolos(await list('?referencia_prefixo=PED-2026-0007&referencia=PED-2026-0008'))).toEqual([]);
  expect(protocolos(await list('?referencia_prefixo=ped&estado=processando'))).toEqual([other]);
});

test('the poll of one protocolo is still its own route', async () => {
  const answer = await call(`${gateway.url}/v1/consultas/${ordersA[4]?.protocolo}`, { token: tokenA });
  expect(answer.status).toBe(202);
  const other = await call(`${gateway.url}/v1/consultas/${orderB.protocolo}`, { token: tokenA });
  expect(other.status).toBe(404);
});

test('without a token: 401', async () => {
  expect((await fetch(`${gateway.url}/v1/consultas`)).status).toBe(401);
});
