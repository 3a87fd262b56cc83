import { createHash, randomUUID } from 'node:crypto';
import { systemClock } from '@regapi/calendar';
import { setProductEnabled } from '@regapi/catalog';
import { FONTES, type Fonte, scopeOf, type WatchDiffPessoa } from '@regapi/contracts';
import { createDb } from '@regapi/db';
import { documentKey, upsertOrderDocument } from '@regapi/documents';
import { closeMonth, extratoMonthRange } from '@regapi/ledger';
import { failureResultData, getOrderByProtocolo, transition } from '@regapi/orders';
import {
  createOpenApiConformance,
  createTcpProxy,
  createTestDatabase,
  type RealAnswer,
  realAnswer,
  startTestS3,
  type TestDatabase,
  type TestS3,
} from '@regapi/testkit';
import { issueToken } from '@regapi/tokens';
import { sql } from 'kysely';
import { holdKey } from './support/held-key';
import { loadQuoteCatalog } from './support/quote-catalog';
import { newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 12 item 16: every endpoint answers exactly as docs/openapi.json says, for every status it documents. Each real
// answer below is checked against the document (operation, status, content type, schema, NO undocumented property),
// and the last test fails if a documented answer was never produced here — so a status added to the document needs a
// case here, and an answer the server gives without documenting it fails at once.

/** Documented answers no client request can cause: a 500 is a defect of ours, never an answer we mean to give. */
const CANNOT_BE_CAUSED = (entry: string) => entry.endsWith(' 500');

const ALL_SCOPES = FONTES.map((fonte) => `consultas:${fonte}`);
const OWNER = '529.982.247-25';
const PROPERTY = {
  cpf_cnpj: OWNER,
  imovel_matricula: '12345',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};
const BODY: Readonly<Record<Fonte, Record<string, unknown>>> = {
  'pesquisa-previa-bens': { cpf_cnpj: OWNER, uf: 'SP' },
  'visualizacao-matricula': PROPERTY,
  'certidao-inteiro-teor': PROPERTY,
};
/** Not offered (602 with HTTP 200): a zero search fee for AC, an office whose fees are 0 (QUOTE_SNAPSHOT). */
const UNAVAILABLE: Readonly<Record<Fonte, Record<string, unknown>>> = {
  'pesquisa-previa-bens': { cpf_cnpj: OWNER, uf: 'AC' },
  'visualizacao-matricula': { ...PROPERTY, imovel_cartorio: 1, imovel_municipio: 'São Paulo' },
  'certidao-inteiro-teor': { ...PROPERTY, imovel_cartorio: 1, imovel_municipio: 'São Paulo' },
};
/** A watch's body (docs/decisions/0160): a weekly preliminary search. */
const WATCH = { tipo: 'pessoa', frequencia: 'semanal', pedido: BODY['pesquisa-previa-bens'] };
const OTHER_SCOPE: Readonly<Record<Fonte, string>> = {
  'pesquisa-previa-bens': 'consultas:visualizacao-matricula',
  'visualizacao-matricula': 'consultas:pesquisa-previa-bens',
  'certidao-inteiro-teor': 'consultas:pesquisa-previa-bens',
};
const KEY_WAIT_MS = 300;

const conformance = createOpenApiConformance();
let database: TestDatabase;
let s3: TestS3;
/** Serves the documents; `tight` has a tiny rate limit (429), `bucketDown` a bucket nothing answers at (503). */
let gateway: TestGateway;
let tight: TestGateway;
let bucketDown: TestGateway;
let accountId: string;
let token: string;
let tightToken: string;
let poorToken: string;
/** A token of the main account allowed only from 203.0.113.0/24: the tests call from 127.0.0.1 (decision 0074). */
let elsewhereToken: string;
const scoped = new Map<string, string>();
const scopedTo = (scope: string): string => scoped.get(scope) ?? '';

interface Request {
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  readonly rawBody?: string;
}

/** One real call; its answer must be exactly as documented. */
async function send(method: string, url: string, request: Request = {}): Promise<RealAnswer> {
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const response = await fetch(url, {
    method,
    headers: {
      ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(body === undefined ? {} : { body }),
  });
  const answer = await realAnswer(method, url, response);
  expect(conformance.check(answer)).toEqual([]);
  return answer;
}

function dataOf(answer: RealAnswer): Record<string, unknown> {
  const data = (answer.body as { data?: Record<string, unknown>[] } | undefined)?.data?.[0];
  if (data === undefined) throw new Error(`no data[0] in ${JSON.stringify(answer.body)}`);
  return data;
}

/**
 * The second of two calls in a row on the tight gateway: 429. Its bucket holds one request and refills one per
 * 1000 s, so a slow first call on a loaded machine cannot refill it in between (at one per second, CI once got 202).
 */
async function tooMany(method: string, path: string, request: Request = {}): Promise<void> {
  await send(method, `${tight.url}${path}`, { ...request, token: tightToken });
  expect((await send(method, `${tight.url}${path}`, { ...request, token: tightToken })).status).toBe(429);
}

let records = 0;
/** The request of `fonte` for a record never ordered before: the same record and office is blocked for 7 days. */
function fresh(fonte: Fonte): Record<string, unknown> {
  records += 1;
  return fonte === 'pesquisa-previa-bens' ? BODY[fonte] : { ...BODY[fonte], imovel_matricula: String(1000 + records) };
}

async function execute(fonte: Fonte, body: unknown, options: { token?: string; key?: string } = {}) {
  return send('POST', `${gateway.url}/v1/consultas/${fonte}`, {
    token: options.token ?? token,
    headers: { 'idempotency-key': options.key ?? randomUUID() },
    body,
  });
}

/** Finishes an accepted order as origin-session would leave a refunded failure (a real product result shape). */
async function finishAccepted(protocolo: string, fonte: Fonte): Promise<string> {
  const order = await getOrderByProtocolo(database.db, protocolo);
  if (order === undefined) throw new Error(`no order ${protocolo}`);
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, order.id, 'startAttempt', { attempt_started_at: new Date(), attempts: 1 });
    await transition(trx, order.id, 'finish', {
      code: 605,
      result: JSON.stringify(failureResultData(fonte, 605, {})),
      finished_at: new Date(),
    });
  });
  return order.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startTestS3();
  await s3.storage().ensureBucket();
  gateway = await startTestGateway(database, { documents: s3.storage(), idempotencyWaitMs: KEY_WAIT_MS });
  tight = await startTestGateway(database, { rateLimit: { burst: 1, perSecond: 0.001 } });
  bucketDown = await startTestGateway(database);
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ALL_SCOPES));
  const tightAccount = await newAccount(gateway.adminUrl, 'Outro Banco', '1000.00');
  ({ token: tightToken } = await newToken(gateway.adminUrl, tightAccount, ALL_SCOPES));
  const poor = await newAccount(gateway.adminUrl, 'Sem Saldo');
  ({ token: poorToken } = await newToken(gateway.adminUrl, poor, ALL_SCOPES));
  for (const scope of ALL_SCOPES) scoped.set(scope, (await newToken(gateway.adminUrl, accountId, [scope])).token);
  ({ token: elsewhereToken } = await issueToken(database.db, gateway.keyring, systemClock, {
    accountId,
    scopes: FONTES.map(scopeOf),
    ttlSeconds: 3600,
    allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
  }));
});

afterAll(async () => {
  await tight.close();
  await bucketDown.close();
  await gateway.close();
  await s3.close();
  await database.drop();
});

test('the token and the statement', async () => {
  expect((await send('GET', `${gateway.url}/v1/token`, { token })).status).toBe(200);
  expect((await send('GET', `${gateway.url}/v1/token`)).status).toBe(401);
  await tooMany('GET', '/v1/token');
  expect((await send('GET', `${gateway.url}/v1/extrato`, { token })).status).toBe(200);
  expect((await send('GET', `${gateway.url}/v1/extrato?de=ontem`, { token })).status).toBe(422);
  expect((await send('GET', `${gateway.url}/v1/extrato`)).status).toBe(401);
  await tooMany('GET', '/v1/extrato');
});

test('the closed monthly statement', async () => {
  // The ledger stamps entries with the real time: the current month is closed with a `now` after its end, so the
  // gateway (system clock) serves it while it still counts that month as in progress for an account without a close.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  const afterEnd = new Date(range.to.getTime() + 60_000);
  const closed = await closeMonth(database.db, s3.storage(), { accountId, month, now: afterEnd });
  expect(closed.kind).toBe('closed');
  const base = `${gateway.url}/v1/extrato/mensal`;
  expect((await send('GET', `${base}/${month}`, { token })).status).toBe(200);
  expect((await send('GET', `${base}/${month}?formato=csv`, { token })).status).toBe(200);
  expect((await send('GET', `${base}/${month}`)).status).toBe(401);
  expect((await send('GET', `${base}/${month}`, { token: elsewhereToken })).status).toBe(403);
  expect((await send('GET', `${base}/2001-01`, { token })).status).toBe(404);
  expect((await send('GET', `${base}/${month}`, { token: poorToken })).status).toBe(409);
  expect((await send('GET', `${base}/2026-13`, { token })).status).toBe(422);
  await tooMany('GET', `/v1/extrato/mensal/${month}`);
  // The main gateway's bucket answers; `bucketDown`'s does not: 503.
  expect((await send('GET', `${bucketDown.url}/v1/extrato/mensal/${month}`, { token })).status).toBe(503);
});

test('the balance, the products status and the list of orders', async () => {
  for (const path of ['/v1/saldo', '/v1/status', '/v1/consultas', '/v1/consultas?estado=concluido&limite=1']) {
    expect((await send('GET', `${gateway.url}${path}`, { token })).status).toBe(200);
  }
  for (const path of ['/v1/saldo', '/v1/status', '/v1/consultas']) {
    expect((await send('GET', `${gateway.url}${path}`)).status).toBe(401);
    await tooMany('GET', path);
  }
  expect((await send('GET', `${gateway.url}/v1/consultas?limite=0`, { token })).status).toBe(422);
});

test('the webhooks', async () => {
  const base = `${gateway.url}/v1/webhooks`;
  const valid = { url: 'https://hooks.example.com/regapi', eventos: ['consulta.finalizada'] };
  const created = await send('POST', base, { token, body: valid });
  expect(created.status).toBe(201);
  const id = String(dataOf(created).id);
  expect((await send('POST', base, { token, body: { url: 'http://hooks.example.com' } })).status).toBe(422);
  expect((await send('POST', base, { body: valid })).status).toBe(401);
  await tooMany('POST', '/v1/webhooks', { body: valid });
  const unknown = `${base}/${randomUUID()}`;
  const [delivery] = await database.db
    .insertInto('webhook_delivery')
    .values({
      endpoint_id: id,
      account_id: accountId,
      event_id: randomUUID(),
      event_type: 'consulta.finalizada',
      payload: '{}',
      state: 'failed',
      next_attempt_at: null,
      created_at: new Date(),
    })
    .returning('id')
    .execute();
  const replay = `/entregas/${delivery?.id}/reenviar`;
  const cases: [string, string, Request, number][] = [
    ['GET', base, {}, 200],
    ['GET', `${base}/${id}`, {}, 200],
    ['GET', unknown, {}, 404],
    ['PATCH', `${base}/${id}`, { body: { ativo: false } }, 200],
    ['PATCH', `${base}/${id}`, { body: { ativo: 'sim' } }, 422],
    ['PATCH', unknown, { body: { ativo: false } }, 404],
    ['GET', `${base}/${id}/entregas`, {}, 200],
    ['GET', `${unknown}/entregas`, {}, 404],
    ['POST', `${base}/${id}${replay}`, {}, 202],
    ['POST', `${unknown}${replay}`, {}, 404],
    ['POST', `${base}/${id}/testar`, {}, 202],
    ['POST', `${unknown}/testar`, {}, 404],
    ['DELETE', unknown, {}, 404],
    ['DELETE', `${base}/${id}`, {}, 200],
  ];
  for (const [method, url, request, status] of cases) {
    expect([method, url, (await send(method, url, { ...request, token })).status]).toEqual([method, url, status]);
  }
  for (const [method, path] of [
    ['GET', '/v1/webhooks'],
    ['GET', `/v1/webhooks/${id}`],
    ['PATCH', `/v1/webhooks/${id}`],
    ['DELETE', `/v1/webhooks/${id}`],
    ['GET', `/v1/webhooks/${id}/entregas`],
    ['POST', `/v1/webhooks/${id}${replay}`],
    ['POST', `/v1/webhooks/${id}/testar`],
  ] as const) {
    const request = method === 'PATCH' ? { body: { ativo: true } } : {};
    expect((await send(method, `${gateway.url}${path}`, request)).status).toBe(401);
    await tooMany(method, path, request);
  }
});

test('the monitoring routes (issue 30; docs/decisions/0160)', async () => {
  const base = `${gateway.url}/v1/monitoramentos`;
  const create = (body: unknown, options: { token?: string; key?: string } = {}) =>
    send('POST', base, {
      token: options.token ?? token,
      headers: { 'idempotency-key': options.key ?? randomUUID() },
      body,
    });
  const quote = (body: unknown, bearer = token) => send('POST', `${base}/orcamento`, { token: bearer, body });
  const watch = { tipo: 'pessoa', frequencia: 'semanal', pedido: BODY['pesquisa-previa-bens'] };
  const record = { tipo: 'matricula', frequencia: 'mensal', pedido: BODY['visualizacao-matricula'] };
  const unavailable = { ...watch, pedido: UNAVAILABLE['pesquisa-previa-bens'] };
  const nationwide = { ...watch, pedido: { cpf_cnpj: OWNER } };
  const huge = { ...watch, referencia: 'x'.repeat(40_000) };
  for (const body of [watch, record, nationwide, unavailable]) expect((await quote(body)).status).toBe(200);
  expect((await quote(record, scopedTo('consultas:pesquisa-previa-bens'))).status).toBe(403);
  expect((await quote({ ...record, frequencia: 'diaria' })).status).toBe(422);
  expect((await quote(huge)).status).toBe(413);
  const key = randomUUID();
  const created = await create(watch, { key });
  expect(created.status).toBe(201);
  expect((await create(watch, { key })).headerNames?.has('idempotent-replayed')).toBe(true);
  expect((await create(nationwide)).status).toBe(201);
  expect((await create(unavailable)).status).toBe(200);
  expect((await create(record, { token: scopedTo('consultas:pesquisa-previa-bens') })).status).toBe(403);
  expect((await create({ ...watch, pedido: {} })).status).toBe(422);
  expect((await create(huge)).status).toBe(413);
  const heldKey = randomUUID();
  const held = await holdKey(database.db, accountId, heldKey);
  try {
    expect((await create(watch, { key: heldKey })).status).toBe(409);
  } finally {
    await held.release();
  }
  const id = String(dataOf(created).id);
  await database.db
    .insertInto('watch_run')
    .values([
      {
        watch_id: id,
        planned_at: new Date('2026-06-01T10:00:00Z'),
        order_id: null,
        outcome: 'primeira',
        created_at: new Date(),
      },
      {
        watch_id: id,
        planned_at: new Date('2026-06-08T10:00:00Z'),
        order_id: null,
        outcome: 'alteracao',
        // Placed in time, not started by the end of its window, then compared (decision 0172).
        late_at: new Date('2026-06-09T10:00:00Z'),
        late_reason: 'não começou na janela: sem capacidade ociosa da origem',
        // A whole diff (decision 0162): the history's diferencas is DiferencasMonitoramento (decision 0165).
        diff: JSON.stringify({
          tipo: 'pessoa',
          resultado: 'alteracao',
          resumo: '1 imóvel novo em SP',
          ufs: [
            {
              uf: 'SP',
              situacao: 'comparada',
              motivo: null,
              quantidade_imoveis: 1,
              novos: [
                {
                  chave: 'cns:111111|12345',
                  matricula: '12345',
                  cartorio_cns: '111111',
                  cartorio_numero: 2,
                  cartorio_nome: '2º Registro de Imóveis de Campinas',
                  cartorio_municipio: 'Campinas',
                  cartorio_uf: 'SP',
                },
              ],
              deixaram_de_constar: [],
            },
          ],
        } satisfies WatchDiffPessoa),
        created_at: new Date(),
      },
    ])
    .execute();
  const unknown = `${base}/${randomUUID()}`;
  const cases: [string, string, number][] = [
    ['GET', base, 200],
    ['GET', `${base}?estado=ativo&tipo=pessoa&limite=1`, 200],
    ['GET', `${base}?estado=parado`, 422],
    ['GET', `${base}/${id}`, 200],
    ['GET', unknown, 404],
    ['GET', `${base}/${id}/execucoes`, 200],
    ['GET', `${base}/${id}/execucoes?limite=1`, 200],
    ['GET', `${base}/${id}/execucoes?limite=0`, 422],
    ['GET', `${unknown}/execucoes`, 404],
    ['POST', `${base}/${id}/pausar`, 200],
    ['POST', `${unknown}/pausar`, 404],
    ['POST', `${base}/${id}/retomar`, 200],
    ['POST', `${unknown}/retomar`, 404],
    ['DELETE', unknown, 404],
    ['DELETE', `${base}/${id}`, 200],
    ['POST', `${base}/${id}/pausar`, 409],
    ['POST', `${base}/${id}/retomar`, 409],
    ['GET', `${gateway.url}/v1/consultas?monitoramento=${id}`, 200],
    ['GET', `${gateway.url}/v1/consultas?monitoramento=1`, 422],
  ];
  for (const [method, url, status] of cases) {
    expect([method, url, (await send(method, url, { token })).status]).toEqual([method, url, status]);
  }
  const calls: [string, string, Request][] = [
    ['POST', '/v1/monitoramentos/orcamento', { body: watch }],
    ['POST', '/v1/monitoramentos', { body: watch, headers: { 'idempotency-key': randomUUID() } }],
    ['GET', '/v1/monitoramentos', {}],
    ['GET', `/v1/monitoramentos/${id}`, {}],
    ['DELETE', `/v1/monitoramentos/${id}`, {}],
    ['POST', `/v1/monitoramentos/${id}/pausar`, {}],
    ['POST', `/v1/monitoramentos/${id}/retomar`, {}],
    ['GET', `/v1/monitoramentos/${id}/execucoes`, {}],
  ];
  for (const [method, path, request] of calls) {
    expect((await send(method, `${gateway.url}${path}`, request)).status).toBe(401);
    await tooMany(method, path, request);
  }
});

test.each(FONTES)('%s: the quote', async (fonte) => {
  const url = `${gateway.url}/v1/orcamento/${fonte}`;
  expect(dataOf(await send('POST', url, { token, body: BODY[fonte] })).disponivel).toBe(true);
  const refused = await send('POST', url, { token, body: UNAVAILABLE[fonte] });
  expect((refused.body as { code: number }).code).toBe(602);
  expect((await send('POST', url, { body: BODY[fonte] })).status).toBe(401);
  expect((await send('POST', url, { token: scopedTo(OTHER_SCOPE[fonte]), body: BODY[fonte] })).status).toBe(403);
  expect((await send('POST', url, { token, body: {} })).status).toBe(422);
  expect((await send('POST', url, { token, rawBody: '{"cpf_cnpj":' })).status).toBe(422);
  expect((await send('POST', url, { token, body: { nome: 'x'.repeat(40_000) } })).status).toBe(413);
  await tooMany('POST', `/v1/orcamento/${fonte}`, { body: BODY[fonte] });
});

test.each(FONTES)('%s: the execution', async (fonte) => {
  const accepted = await execute(fonte, fresh(fonte));
  expect(accepted.status).toBe(202);
  expect((await execute(fonte, UNAVAILABLE[fonte])).status).toBe(200);
  expect((await execute(fonte, fresh(fonte), { token: poorToken })).status).toBe(402);
  expect((await send('POST', `${gateway.url}/v1/consultas/${fonte}`, { body: BODY[fonte] })).status).toBe(401);
  expect((await execute(fonte, BODY[fonte], { token: scopedTo(OTHER_SCOPE[fonte]) })).status).toBe(403);
  expect((await execute(fonte, {})).status).toBe(422);
  expect((await execute(fonte, { nome: 'x'.repeat(40_000) })).status).toBe(413);
  const key = randomUUID();
  const held = await holdKey(database.db, accountId, key);
  try {
    expect((await execute(fonte, fresh(fonte), { key })).status).toBe(409);
  } finally {
    await held.release();
  }
  await tooMany('POST', `/v1/consultas/${fonte}`, { body: BODY[fonte], headers: { 'idempotency-key': randomUUID() } });
});

test.each(FONTES)(
  "%s: the execution past the plan's open-order limit is a documented 429 (decision 0084)",
  async (fonte) => {
    const plan = `limite-um-${fonte}`;
    await sql`INSERT INTO plan (id, name, max_open_orders) VALUES (${plan}, 'Limite um', 1)`.execute(database.db);
    await sql`
    INSERT INTO plan_margin (plan_id, fonte, margin_bps, margin_fixed_centavos)
    SELECT ${plan}, fonte, margin_bps, margin_fixed_centavos FROM plan_margin WHERE plan_id = 'padrao'`.execute(
      database.db,
    );
    const full = await newAccount(gateway.adminUrl, 'Conta Cheia', '1000.00');
    await database.db.updateTable('account').set({ plan_id: plan }).where('id', '=', full).execute();
    const fullToken = (await newToken(gateway.adminUrl, full, ALL_SCOPES)).token;
    expect((await execute(fonte, fresh(fonte), { token: fullToken })).status).toBe(202);
    const refused = await execute(fonte, fresh(fonte), { token: fullToken });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain('Limite de pedidos em aberto do plano');
  },
);

test('the result of a protocolo: running, finished, nonexistent', async () => {
  for (const fonte of FONTES) {
    const { protocolo } = dataOf(await execute(fonte, fresh(fonte)));
    const url = `${gateway.url}/v1/consultas/${String(protocolo)}`;
    expect((await send('GET', url, { token })).status).toBe(202);
    await finishAccepted(String(protocolo), fonte);
    const finished = await send('GET', url, { token });
    expect([finished.status, dataOf(finished).fonte]).toEqual([200, fonte]);
  }
  expect((await send('GET', `${gateway.url}/v1/consultas/1`, { token })).status).toBe(404);
  expect((await send('GET', `${gateway.url}/v1/consultas/1`)).status).toBe(401);
  await tooMany('GET', '/v1/consultas/1');
});

test('the nationwide search: quote, execution, the batch view running and finished, unavailable, refused', async () => {
  const target = { cpf_cnpj: OWNER };
  const quotePath = '/v1/orcamento/pesquisa-previa-bens/nacional';
  const executionPath = '/v1/consultas/pesquisa-previa-bens/nacional';
  const search = scopedTo('consultas:pesquisa-previa-bens');
  const other = scopedTo('consultas:visualizacao-matricula');
  const nationwide = (request: Request) =>
    send('POST', `${gateway.url}${executionPath}`, {
      token,
      ...request,
      headers: { 'idempotency-key': randomUUID(), ...request.headers },
    });

  expect(dataOf(await send('POST', `${gateway.url}${quotePath}`, { token: search, body: target })).disponivel).toBe(
    true,
  );
  expect((await send('POST', `${gateway.url}${quotePath}`)).status).toBe(401);
  expect((await send('POST', `${gateway.url}${quotePath}`, { token: other, body: target })).status).toBe(403);
  expect((await send('POST', `${gateway.url}${quotePath}`, { token, body: { ...target, uf: 'SP' } })).status).toBe(422);
  expect((await send('POST', `${gateway.url}${quotePath}`, { token, body: { nome: 'x'.repeat(40_000) } })).status).toBe(
    413,
  );
  await tooMany('POST', quotePath, { body: target });

  const accepted = await nationwide({ body: target });
  expect(accepted.status).toBe(202);
  expect((await nationwide({ body: target, token: poorToken })).status).toBe(402);
  expect((await send('POST', `${gateway.url}${executionPath}`, { body: target })).status).toBe(401);
  expect((await nationwide({ body: target, token: other })).status).toBe(403);
  expect((await nationwide({ body: {} })).status).toBe(422);
  expect((await nationwide({ body: { nome: 'x'.repeat(40_000) } })).status).toBe(413);
  const key = randomUUID();
  const held = await holdKey(database.db, accountId, key);
  try {
    expect((await nationwide({ body: target, headers: { 'idempotency-key': key } })).status).toBe(409);
  } finally {
    await held.release();
  }
  await tooMany('POST', executionPath, { body: target, headers: { 'idempotency-key': randomUUID() } });
  await setProductEnabled(database.db, 'pesquisa-previa-bens', false, 'teste');
  try {
    const none = await send('POST', `${gateway.url}${quotePath}`, { token, body: target });
    expect((none.body as { code: number }).code).toBe(602);
    const refused = await nationwide({ body: target });
    expect([refused.status, (refused.body as { code: number }).code]).toEqual([200, 602]);
  } finally {
    await setProductEnabled(database.db, 'pesquisa-previa-bens', true, null);
  }

  const { lote, pedidos } = dataOf(accepted) as { lote: string; pedidos: { protocolo: string }[] };
  const batchUrl = `${gateway.url}/v1/lotes/${lote}`;
  expect((await send('GET', batchUrl, { token })).status).toBe(202);
  for (const pedido of pedidos) await finishAccepted(pedido.protocolo, 'pesquisa-previa-bens');
  expect((await send('GET', batchUrl, { token })).status).toBe(200);
  expect((await send('GET', `${gateway.url}/v1/lotes/1`, { token })).status).toBe(404);
  expect((await send('GET', batchUrl)).status).toBe(401);
  expect((await send('GET', batchUrl, { token: elsewhereToken })).status).toBe(403);
  await tooMany('GET', '/v1/lotes/1');
});

test('the many-targets batch: quote, execution, its view, an item not offered, refused (decision 0088)', async () => {
  const body = {
    itens: [
      { cpf_cnpj: OWNER, uf: 'SP' },
      { cpf_cnpj: OWNER, uf: 'RJ' },
    ],
  };
  const notOffered = { itens: [...body.itens, { cpf_cnpj: OWNER, uf: 'AC' }] };
  const huge = { itens: [{ cpf_cnpj: OWNER, uf: 'SP', nome: 'x'.repeat(1_100_000) }] };
  const quotePath = '/v1/orcamento/pesquisa-previa-bens/lote';
  const executionPath = '/v1/consultas/pesquisa-previa-bens/lote';
  const search = scopedTo('consultas:pesquisa-previa-bens');
  const other = scopedTo('consultas:visualizacao-matricula');
  const quoteOf = (request: Request) => send('POST', `${gateway.url}${quotePath}`, { token, ...request });
  const targets = (request: Request) =>
    send('POST', `${gateway.url}${executionPath}`, {
      token,
      ...request,
      headers: { 'idempotency-key': randomUUID(), ...request.headers },
    });

  expect(dataOf(await quoteOf({ token: search, body })).disponivel).toBe(true);
  expect(((await quoteOf({ body: notOffered })).body as { code: number }).code).toBe(602);
  expect((await send('POST', `${gateway.url}${quotePath}`)).status).toBe(401);
  expect((await quoteOf({ token: other, body })).status).toBe(403);
  expect((await quoteOf({ body: { itens: [{ cpf_cnpj: '1', uf: 'SP' }] } })).status).toBe(422);
  expect((await quoteOf({ body: huge })).status).toBe(413);
  await tooMany('POST', quotePath, { body });

  const accepted = await targets({ body });
  expect(accepted.status).toBe(202);
  const refused = await targets({ body: notOffered });
  expect([refused.status, (refused.body as { code: number }).code]).toEqual([200, 602]);
  expect((await targets({ body, token: poorToken })).status).toBe(402);
  expect((await send('POST', `${gateway.url}${executionPath}`, { body })).status).toBe(401);
  expect((await targets({ body, token: other })).status).toBe(403);
  expect((await targets({ body: { itens: [] } })).status).toBe(422);
  expect((await targets({ body: huge })).status).toBe(413);
  const key = randomUUID();
  const held = await holdKey(database.db, accountId, key);
  try {
    expect((await targets({ body, headers: { 'idempotency-key': key } })).status).toBe(409);
  } finally {
    await held.release();
  }
  await tooMany('POST', executionPath, { body, headers: { 'idempotency-key': randomUUID() } });

  const { lote, pedidos } = dataOf(accepted) as { lote: string; pedidos: { protocolo: string }[] };
  const batchUrl = `${gateway.url}/v1/lotes/${lote}`;
  expect((await send('GET', batchUrl, { token })).status).toBe(202);
  for (const pedido of pedidos) await finishAccepted(pedido.protocolo, 'pesquisa-previa-bens');
  expect((await send('GET', batchUrl, { token })).status).toBe(200);
});

test.each(['visualizacao-matricula', 'certidao-inteiro-teor'] as const)(
  '%s: the batch of property requests: quote, execution, its view, an item not offered, refused (decision 0090)',
  async (fonte) => {
    const body = () => ({ itens: [fresh(fonte), fresh(fonte)] });
    const notOffered = () => ({ itens: [fresh(fonte), UNAVAILABLE[fonte]] });
    const huge = { itens: [{ ...PROPERTY, imovel_municipio: 'x'.repeat(1_100_000) }] };
    const quotePath = `/v1/orcamento/${fonte}/lote`;
    const executionPath = `/v1/consultas/${fonte}/lote`;
    const own = scopedTo(`consultas:${fonte}`);
    const other = scopedTo(OTHER_SCOPE[fonte]);
    const quoteOf = (request: Request) => send('POST', `${gateway.url}${quotePath}`, { token, ...request });
    const batchOf = (request: Request) =>
      send('POST', `${gateway.url}${executionPath}`, {
        token,
        ...request,
        headers: { 'idempotency-key': randomUUID(), ...request.headers },
      });

    expect(dataOf(await quoteOf({ token: own, body: body() })).disponivel).toBe(true);
    expect(((await quoteOf({ body: notOffered() })).body as { code: number }).code).toBe(602);
    expect((await send('POST', `${gateway.url}${quotePath}`)).status).toBe(401);
    expect((await quoteOf({ token: other, body: body() })).status).toBe(403);
    expect((await quoteOf({ body: { itens: [{ ...PROPERTY, imovel_cartorio: '2' }] } })).status).toBe(422);
    expect((await quoteOf({ body: huge })).status).toBe(413);
    await tooMany('POST', quotePath, { body: body() });

    const accepted = await batchOf({ body: body() });
    expect(accepted.status).toBe(202);
    const refused = await batchOf({ body: notOffered() });
    expect([refused.status, (refused.body as { code: number }).code]).toEqual([200, 602]);
    expect((await batchOf({ body: body(), token: poorToken })).status).toBe(402);
    expect((await send('POST', `${gateway.url}${executionPath}`, { body: body() })).status).toBe(401);
    expect((await batchOf({ body: body(), token: other })).status).toBe(403);
    expect((await batchOf({ body: { itens: [] } })).status).toBe(422);
    expect((await batchOf({ body: huge })).status).toBe(413);
    const key = randomUUID();
    const held = await holdKey(database.db, accountId, key);
    try {
      expect((await batchOf({ body: body(), headers: { 'idempotency-key': key } })).status).toBe(409);
    } finally {
      await held.release();
    }
    await tooMany('POST', executionPath, { body: body(), headers: { 'idempotency-key': randomUUID() } });

    const { lote, pedidos } = dataOf(accepted) as { lote: string; pedidos: { protocolo: string }[] };
    const batchUrl = `${gateway.url}/v1/lotes/${lote}`;
    expect((await send('GET', batchUrl, { token })).status).toBe(202);
    for (const pedido of pedidos) await finishAccepted(pedido.protocolo, fonte);
    expect((await send('GET', batchUrl, { token })).status).toBe(200);
  },
);

test('the archived document, GET and HEAD: whole, ranged, not modified, out of range, missing, unreachable', async () => {
  const { protocolo } = dataOf(await execute('visualizacao-matricula', fresh('visualizacao-matricula')));
  const orderId = await finishAccepted(String(protocolo), 'visualizacao-matricula');
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 7), Buffer.from('\n%%EOF\n')]);
  const storageKey = documentKey(accountId, String(protocolo), 'visualizacao');
  await s3.storage().put({ key: storageKey, bytes: pdf, contentType: 'application/pdf' });
  await upsertOrderDocument(database.db, {
    orderId,
    kind: 'visualizacao',
    storageKey,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    sizeBytes: pdf.byteLength,
    contentType: 'application/pdf',
    originUrl: 'http://origin.test/arquivos/x.pdf',
    storedAt: new Date('2026-03-11T13:00:00Z'),
    receivedAt: null,
  });
  const path = `/v1/consultas/${String(protocolo)}/documento`;
  for (const method of ['GET', 'HEAD']) {
    const whole = await fetch(`${gateway.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    expect(conformance.check(await realAnswer(method, `${gateway.url}${path}`, whole))).toEqual([]);
    expect(whole.status).toBe(200);
    const etag = whole.headers.get('etag') ?? '';
    const cases: [Record<string, string>, number][] = [
      [{ range: 'bytes=0-9' }, 206],
      [{ 'if-none-match': etag }, 304],
      [{ range: 'bytes=999999-' }, 416],
    ];
    for (const [headers, status] of cases) {
      expect((await send(method, `${gateway.url}${path}`, { token, headers })).status).toBe(status);
    }
    expect((await send(method, `${gateway.url}/v1/consultas/1/documento`, { token })).status).toBe(404);
    expect((await send(method, `${gateway.url}${path}`)).status).toBe(401);
    // A gateway whose document bucket does not answer: 503 for a document that is archived.
    expect((await send(method, `${bucketDown.url}${path}`, { token })).status).toBe(503);
    await tooMany(method, path);
  }
});

/** The account's own routes that take no order: each answers its token and database refusals like the rest. */
function accountRoutes(): [string, string, Request][] {
  return [
    ['GET', '/v1/extrato', {}],
    ['GET', '/v1/extrato/mensal/2026-01', {}],
    ['GET', '/v1/saldo', {}],
    ['GET', '/v1/status', {}],
    ['GET', '/v1/consultas', {}],
    ['GET', '/v1/webhooks', {}],
    ['POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com', eventos: ['consulta.finalizada'] } }],
    ['GET', `/v1/webhooks/${randomUUID()}`, {}],
    ['PATCH', `/v1/webhooks/${randomUUID()}`, { body: { ativo: true } }],
    ['DELETE', `/v1/webhooks/${randomUUID()}`, {}],
    ['GET', `/v1/webhooks/${randomUUID()}/entregas`, {}],
    ['POST', `/v1/webhooks/${randomUUID()}/entregas/${randomUUID()}/reenviar`, {}],
    ['POST', `/v1/webhooks/${randomUUID()}/testar`, {}],
    ['POST', '/v1/monitoramentos/orcamento', { body: WATCH }],
    ['POST', '/v1/monitoramentos', { body: WATCH, headers: { 'idempotency-key': randomUUID() } }],
    ['GET', '/v1/monitoramentos', {}],
    ['GET', `/v1/monitoramentos/${randomUUID()}`, {}],
    ['DELETE', `/v1/monitoramentos/${randomUUID()}`, {}],
    ['POST', `/v1/monitoramentos/${randomUUID()}/pausar`, {}],
    ['POST', `/v1/monitoramentos/${randomUUID()}/retomar`, {}],
    ['GET', `/v1/monitoramentos/${randomUUID()}/execucoes`, {}],
  ];
}

test('every /v1 endpoint refuses a token used outside its allowed networks: 403, before anything else', async () => {
  const refused: [string, string, Request][] = [
    ['GET', '/v1/token', {}],
    ...accountRoutes(),
    ['GET', '/v1/consultas/1', {}],
    ['GET', '/v1/consultas/1/documento', {}],
    ['HEAD', '/v1/consultas/1/documento', {}],
    ...FONTES.flatMap((fonte): [string, string, Request][] => [
      ['POST', `/v1/orcamento/${fonte}`, { body: BODY[fonte] }],
      ['POST', `/v1/consultas/${fonte}`, { body: BODY[fonte], headers: { 'idempotency-key': randomUUID() } }],
    ]),
  ];
  for (const [method, path, request] of refused) {
    const answer = await send(method, `${gateway.url}${path}`, { ...request, token: elsewhereToken });
    expect([method, path, answer.status]).toEqual([method, path, 403]);
    if (method !== 'HEAD') expect(JSON.stringify(answer.body)).toContain('lista de redes permitidas');
  }
});

test('every endpoint with its database unreachable: 503 with Retry-After', async () => {
  const url = new URL(database.url);
  const proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const proxied = createDb(url.toString(), { max: 2 });
  const cut = await startTestGateway(proxied, { tokenCacheMs: 600_000 });
  try {
    const path = `/v1/consultas/${String(dataOf(await execute('pesquisa-previa-bens', fresh('pesquisa-previa-bens'))).protocolo)}`;
    // The token is read once before the cut and stays cached: the calls below reach their own statements. The token
    // check itself is answered from that cache, so it is asked about a token never seen here, whose row must be read.
    expect((await send('GET', `${cut.url}/v1/token`, { token })).status).toBe(200);
    const unseen = (await newToken(gateway.adminUrl, accountId, ALL_SCOPES)).token;
    await proxy.cut();
    expect((await send('GET', `${cut.url}/v1/token`, { token: unseen })).status).toBe(503);
    const calls: [string, string, Request][] = [
      ...accountRoutes(),
      ['GET', path, {}],
      ['GET', `${path}/documento`, {}],
      ['HEAD', `${path}/documento`, {}],
      ...FONTES.flatMap((fonte): [string, string, Request][] => [
        ['POST', `/v1/orcamento/${fonte}`, { body: BODY[fonte] }],
        ['POST', `/v1/consultas/${fonte}`, { body: fresh(fonte), headers: { 'idempotency-key': randomUUID() } }],
      ]),
      ['POST', '/v1/orcamento/pesquisa-previa-bens/nacional', { body: { cpf_cnpj: OWNER } }],
      [
        'POST',
        '/v1/consultas/pesquisa-previa-bens/nacional',
        { body: { cpf_cnpj: OWNER }, headers: { 'idempotency-key': randomUUID() } },
      ],
      ['POST', '/v1/orcamento/pesquisa-previa-bens/lote', { body: { itens: [{ cpf_cnpj: OWNER, uf: 'SP' }] } }],
      ...(['visualizacao-matricula', 'certidao-inteiro-teor'] as const).flatMap(
        (fonte): [string, string, Request][] => [
          ['POST', `/v1/orcamento/${fonte}/lote`, { body: { itens: [fresh(fonte)] } }],
          [
            'POST',
            `/v1/consultas/${fonte}/lote`,
            { body: { itens: [fresh(fonte)] }, headers: { 'idempotency-key': randomUUID() } },
          ],
        ],
      ),
      [
        'POST',
        '/v1/consultas/pesquisa-previa-bens/lote',
        { body: { itens: [{ cpf_cnpj: OWNER, uf: 'SP' }] }, headers: { 'idempotency-key': randomUUID() } },
      ],
      // A well-formed number reaches the database (a malformed one is a 404 before it).
      ['GET', path.replace('/v1/consultas/', '/v1/lotes/'), {}],
    ];
    for (const [method, target, request] of calls) {
      const answer = await send(method, `${cut.url}${target}`, { ...request, token });
      expect([method, target, answer.status]).toEqual([method, target, 503]);
    }
  } finally {
    await cut.close();
    await proxied.close();
    await proxy.close();
  }
});

test('every answer the document lists was produced above, but a 500', () => {
  expect(conformance.unseen().filter((entry) => !CANNOT_BE_CAUSED(entry))).toEqual([]);
});
