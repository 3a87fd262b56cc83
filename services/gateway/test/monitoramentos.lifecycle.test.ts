import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadQuoteCatalog } from './support/quote-catalog';
import { seedOrderHistory } from './support/seed-order';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Property monitoring (issue 30; docs/decisions/0152, 0160, 0161): create under an Idempotency-Key, list (paginated),
// read, pause, resume, remove (the history kept), the history of runs, and `GET /v1/consultas?monitoramento=`. Another
// account's watch is a 404 exactly like a missing one.

const SCOPES = ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'];
const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const MATRICULA = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '012345',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};

const { database, gateway } = useTestGateway();
let accountA: string;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  accountA = await newAccount(gateway.adminUrl, 'Conta A', '100.00');
  tokenA = (await newToken(gateway.adminUrl, accountA, SCOPES)).token;
  tokenB = (await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl, 'Conta B'), SCOPES)).token;
});

const api = (path: string, token: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
  call(`${gateway.url}${path}`, { method, token, headers, ...(body === undefined ? {} : { body }) });

const item = (answer: Answer): Record<string, unknown> => answer.body.data[0] ?? {};

async function create(body: Record<string, unknown>, key = randomUUID(), token = tokenA): Promise<Answer> {
  return api('/v1/monitoramentos', token, 'POST', body, { 'idempotency-key': key });
}

async function created(body: Record<string, unknown>): Promise<string> {
  const answer = await create(body);
  expect(answer.status).toBe(201);
  return String(item(answer).id);
}

test('create answers the watch, its price per run, the projected month and the first run; nothing is charged', async () => {
  const before = Date.now();
  const answer = await create({ tipo: 'pessoa', frequencia: 'semanal', referencia: ' carteira-7 ', pedido: PESSOA });
  expect(answer.status).toBe(201);
  expect(answer.body.code).toBe(201);
  expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  const watch = item(answer);
  expect(watch).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    tipo: 'pessoa',
    frequencia: 'semanal',
    estado: 'ativo',
    referencia: 'carteira-7',
    pedido: PESSOA,
    proxima_execucao_em: watch.criado_em,
    criado_em: expect.any(String),
    pausado_em: null,
    removido_em: null,
    preco: {
      por_execucao: expect.any(Number),
      execucoes_em_30_dias: 4.29,
      mensal_projetado: expect.any(Number),
      estimado: true,
    },
  });
  expect(Date.parse(String(watch.criado_em))).toBeGreaterThanOrEqual(before - 1000);
  const preco = watch.preco as { por_execucao: number; mensal_projetado: number };
  expect(preco.mensal_projetado).toBe(Math.round((preco.por_execucao * 100 * 30) / 7) / 100);
  const saldo = await api('/v1/saldo', tokenA);
  expect(saldo.body.data[0]).toEqual(expect.objectContaining({ saldo: 100 }));
  const read = await api(`/v1/monitoramentos/${String(watch.id)}`, tokenA);
  expect(read.status).toBe(200);
  const { preco: _preco, ...shown } = watch;
  expect(item(read)).toEqual(shown);
});

test('the same Idempotency-Key replays the creation; with another body it is a 422 naming the header', async () => {
  const key = randomUUID();
  const body = { tipo: 'matricula', frequencia: 'mensal', pedido: MATRICULA };
  const first = await create(body, key);
  expect(first.status).toBe(201);
  const again = await create(body, key);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  const rows = await database.db
    .selectFrom('watch')
    .select('id')
    .where('id', '=', String(item(first).id))
    .execute();
  expect(rows).toHaveLength(1);
  const other = await create({ ...body, frequencia: 'semanal' }, key);
  expect(other.status).toBe(422);
  expect(other.body.errors).toEqual([expect.objectContaining({ campo: 'Idempotency-Key' })]);
  const missing = await api('/v1/monitoramentos', tokenA, 'POST', body);
  expect(missing.status).toBe(422);
  expect(missing.body.errors).toEqual([expect.objectContaining({ campo: 'Idempotency-Key' })]);
});

test('pause, resume and remove; a removed watch keeps its row and history and never runs again', async () => {
  const id = await created({ tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  const paused = await api(`/v1/monitoramentos/${id}/pausar`, tokenA, 'POST');
  expect(paused.status).toBe(200);
  expect(item(paused)).toEqual(
    expect.objectContaining({ estado: 'pausado', proxima_execucao_em: null, pausado_em: expect.any(String) }),
  );
  const pausedAgain = await api(`/v1/monitoramentos/${id}/pausar`, tokenA, 'POST');
  expect([pausedAgain.status, pausedAgain.body.code_message]).toEqual([200, 'O monitoramento já estava pausado.']);
  const resumed = await api(`/v1/monitoramentos/${id}/retomar`, tokenA, 'POST');
  expect(resumed.status).toBe(200);
  const watch = item(resumed);
  expect(watch).toEqual(expect.objectContaining({ estado: 'ativo', pausado_em: null }));
  // The schedule is the creation's: the next daily instant of it at or after now.
  const next = Date.parse(String(watch.proxima_execucao_em));
  const anchor = Date.parse(String(watch.criado_em));
  expect((next - anchor) % 86_400_000).toBe(0);
  expect(next).toBeGreaterThanOrEqual(Date.now() - 1000);
  await database.db
    .insertInto('watch_run')
    .values({
      watch_id: id,
      planned_at: new Date(anchor),
      order_id: null,
      outcome: 'nao_executada_saldo',
      reason: 'saldo insuficiente',
      created_at: new Date(anchor),
    })
    .execute();
  const removed = await api(`/v1/monitoramentos/${id}`, tokenA, 'DELETE');
  expect(removed.status).toBe(200);
  expect(item(removed)).toEqual(
    expect.objectContaining({ estado: 'removido', proxima_execucao_em: null, removido_em: expect.any(String) }),
  );
  expect((await api(`/v1/monitoramentos/${id}`, tokenA, 'DELETE')).status).toBe(200);
  const refused = await api(`/v1/monitoramentos/${id}/retomar`, tokenA, 'POST');
  expect(refused.status).toBe(409);
  expect(refused.body.code_message).toContain('removido');
  expect(item(await api(`/v1/monitoramentos/${id}`, tokenA))).toEqual(expect.objectContaining({ estado: 'removido' }));
  const history = await api(`/v1/monitoramentos/${id}/execucoes`, tokenA);
  expect(history.status).toBe(200);
  expect(item(history)).toEqual({
    execucoes: [
      {
        planejada_em: new Date(anchor).toISOString(),
        resultado: 'nao_executada_saldo',
        protocolo: null,
        diferencas: null,
        motivo: 'saldo insuficiente',
        registrada_em: new Date(anchor).toISOString(),
        atrasada_em: null,
        motivo_atraso: null,
      },
    ],
    proximo_cursor: null,
  });
});

test("another account's watch is a 404 on every route, exactly like a missing or malformed id", async () => {
  const id = await created({ tipo: 'pessoa', frequencia: 'mensal', pedido: PESSOA });
  const routes: [string, string][] = [
    ['GET', ''],
    ['DELETE', ''],
    ['POST', '/pausar'],
    ['POST', '/retomar'],
    ['GET', '/execucoes'],
  ];
  for (const [method, suffix] of routes) {
    const foreign = await api(`/v1/monitoramentos/${id}${suffix}`, tokenB, method);
    const missing = await api(`/v1/monitoramentos/${randomUUID()}${suffix}`, tokenB, method);
    const malformed = await api(`/v1/monitoramentos/nao-e-um-id${suffix}`, tokenB, method);
    for (const answer of [foreign, missing, malformed]) {
      expect([method, suffix, answer.status, answer.body.code_message]).toEqual([
        method,
        suffix,
        404,
        'Monitoramento não encontrado nesta conta.',
      ]);
    }
  }
  expect(item(await api(`/v1/monitoramentos/${id}`, tokenA))).toEqual(expect.objectContaining({ estado: 'ativo' }));
  const listB = await api('/v1/monitoramentos', tokenB);
  expect(item(listB)).toEqual({ monitoramentos: [], proximo_cursor: null });
});

test('the list: newest first, filtered, one page per call with a cursor to the next', async () => {
  const fresh = await newAccount(gateway.adminUrl, 'Conta Lista');
  const token = (await newToken(gateway.adminUrl, fresh, SCOPES)).token;
  const ids: string[] = [];
  for (const frequencia of ['diaria', 'semanal', 'mensal', 'semanal', 'diaria']) {
    const answer = await create({ tipo: 'pessoa', frequencia, pedido: PESSOA }, randomUUID(), token);
    expect(answer.status).toBe(201);
    ids.push(String(item(answer).id));
  }
  await api(`/v1/monitoramentos/${ids[1]}/pausar`, token, 'POST');
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '?limite=2' : `?limite=2&cursor=${cursor}`;
    const page = await api(`/v1/monitoramentos${query}`, token);
    expect(page.status).toBe(200);
    const data = item(page) as { monitoramentos: { id: string }[]; proximo_cursor: string | null };
    pages.push(data.monitoramentos.map((watch) => watch.id));
    cursor = data.proximo_cursor;
  } while (cursor !== null);
  expect(pages).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);
  const pausedOnly = item(await api('/v1/monitoramentos?estado=pausado', token)) as {
    monitoramentos: { id: string }[];
  };
  expect(pausedOnly.monitoramentos.map((watch) => watch.id)).toEqual([ids[1]]);
  const bad = await api('/v1/monitoramentos?estado=parado&limite=0&cursor=xyz&outro=1', token);
  expect(bad.status).toBe(422);
  expect(bad.body.errors.map((error) => error.campo)).toEqual(['outro', 'estado', 'limite', 'cursor']);
});

test('the history is paginated, newest planned first, and names the protocolo of the order a run placed', async () => {
  const id = await created({ tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  const order = await seedOrderHistory(database.db, accountA, { code: 200 });
  const day = 86_400_000;
  const start = Date.parse('2026-06-01T10:00:00.000Z');
  for (let k = 0; k < 3; k += 1) {
    await database.db
      .insertInto('watch_run')
      .values({
        watch_id: id,
        planned_at: new Date(start + k * day),
        order_id: k === 2 ? order.id : null,
        outcome: k === 2 ? 'alteracao' : 'atrasada',
        diff: k === 2 ? JSON.stringify({ surgiram: [{ matricula: '1' }], sumiram: [] }) : null,
        reason: k === 2 ? null : 'sem capacidade ociosa',
        created_at: new Date(start + k * day),
      })
      .execute();
  }
  const first = await api(`/v1/monitoramentos/${id}/execucoes?limite=2`, tokenA);
  const page = item(first) as { execucoes: Record<string, unknown>[]; proximo_cursor: string | null };
  expect(page.execucoes.map((run) => run.resultado)).toEqual(['alteracao', 'atrasada']);
  expect(page.execucoes[0]).toEqual(
    expect.objectContaining({
      protocolo: order.protocolo,
      diferencas: { surgiram: [{ matricula: '1' }], sumiram: [] },
    }),
  );
  const second = await api(`/v1/monitoramentos/${id}/execucoes?limite=2&cursor=${page.proximo_cursor}`, tokenA);
  const rest = item(second) as { execucoes: Record<string, unknown>[]; proximo_cursor: string | null };
  expect(rest.execucoes.map((run) => run.planejada_em)).toEqual([new Date(start).toISOString()]);
  expect(rest.proximo_cursor).toBeNull();
});

test('GET /v1/consultas?monitoramento= lists the runs of that watch only, within the account', async () => {
  const id = await created({ tipo: 'pessoa', frequencia: 'diaria', pedido: PESSOA });
  const run = await seedOrderHistory(database.db, accountA);
  await seedOrderHistory(database.db, accountA);
  await sql`UPDATE orders SET watch_id = ${id} WHERE id = ${run.id}`.execute(database.db);
  const mine = item(await api(`/v1/consultas?monitoramento=${id.toUpperCase()}`, tokenA)) as {
    consultas: { protocolo: string }[];
  };
  expect(mine.consultas.map((order) => order.protocolo)).toEqual([run.protocolo]);
  const theirs = item(await api(`/v1/consultas?monitoramento=${id}`, tokenB)) as { consultas: unknown[] };
  expect(theirs.consultas).toEqual([]);
  const bad = await api('/v1/consultas?monitoramento=7', tokenA);
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual([expect.objectContaining({ campo: 'monitoramento', regra: 'format' })]);
});
