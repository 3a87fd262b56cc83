import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { refundOrder } from '@regapi/ledger';
import { getOrderByProtocolo, type Order, setNextRevision, transition } from '@regapi/orders';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// GET /v1/consultas/{protocolo} (contract 2.1, 2.2, 3, 4 execution rule 6, 5.6; issue 5 item 4): the stored state only.
// No consumer runs here: the test moves orders through libs/orders as origin-session and billing would.

const ALL_SCOPES = [
  'consultas:pesquisa-previa-bens',
  'consultas:visualizacao-matricula',
  'consultas:certidao-inteiro-teor',
];
const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const T0 = new Date('2026-03-11T13:00:00.000Z');

const clock = new ManualClock(T0);
const { database, gateway } = useTestGateway({ clock });
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ALL_SCOPES));
});

function execute(body: unknown, key: string = randomUUID(), fonte = 'pesquisa-previa-bens'): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/${fonte}`, {
    method: 'POST',
    token,
    body,
    headers: { 'idempotency-key': key },
  });
}

function poll(protocolo: string, bearer = token): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/${protocolo}`, { token: bearer });
}

async function accepted(body: unknown = SEARCH, fonte?: string): Promise<{ answer: Answer; order: Order }> {
  const answer = await execute(body, randomUUID(), fonte);
  if (answer.status !== 202) throw new Error(`not accepted: ${JSON.stringify(answer.body)}`);
  const order = await getOrderByProtocolo(database.db, String(answer.body.data[0]?.protocolo));
  if (order === undefined) throw new Error('no order');
  return { answer, order };
}

async function finish(order: Order, code: number, result: Record<string, unknown>, receipts: string[] = []) {
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, order.id, 'startAttempt', { attempt_started_at: clock.now(), attempts: 1 });
    await transition(trx, order.id, 'finish', {
      code,
      result: JSON.stringify(result),
      site_receipts: JSON.stringify(receipts),
      finished_at: clock.now(),
    });
  });
}

test('while queued: 202 with the queue fields and a fresh consultar_daqui_s, free, never the origin', async () => {
  const { answer, order } = await accepted();
  const polled = await poll(order.protocolo);
  expect(polled.status).toBe(202);
  expect(polled.body.code).toBe(202);
  expect(polled.body.header).toMatchObject({ billable: false, price: 0, api_version: 'v1' });
  expect(polled.body.header.request_id).not.toBe(answer.body.header.request_id);
  expect(polled.body.data[0]).toEqual({
    protocolo: order.protocolo,
    estado: 'processando',
    consultar_em: `/v1/consultas/${order.protocolo}`,
    consultar_daqui_s: expect.any(Number),
    fonte: 'pesquisa-previa-bens',
    referencia: null,
  });
  expect(polled.headers.get('cache-control')).toBe('no-store');
});

test('an order queued behind others is told to wait longer, by the typical run time of each one ahead', async () => {
  const first = await accepted({ ...SEARCH, uf: 'RJ' });
  const second = await accepted({ ...SEARCH, uf: 'RJ' });
  const waitFirst = Number((await poll(first.order.protocolo)).body.data[0]?.consultar_daqui_s);
  const waitSecond = Number((await poll(second.order.protocolo)).body.data[0]?.consultar_daqui_s);
  expect(waitSecond - waitFirst).toBe(72);
  expect(second.answer.body.data[0]?.consultar_daqui_s).toBe(waitSecond);
});

test('a provisional search says when its next revision is due; the revision is counted and stamped', async () => {
  // Issue 12 item 3, docs/decisions/0051: a finished result that can still change says so.
  const { order } = await accepted();
  const provisional = { nada_consta: false, provisorio: true, confianca: 'INDICIO', site_receipts: [] };
  await finish(order, 612, provisional);
  const due = new Date(clock.now().getTime() + 11 * 60_000);
  await setNextRevision(database.db, order.id, due);
  const first = (await poll(order.protocolo)).body.data[0] ?? {};
  expect(first).toMatchObject({ provisorio: true, revisao: 0, revisado_em: null, consultar_daqui_s: 11 * 60 + 5 });

  // The origin closes the search: origin-session revises it (libs/orders `revise`). The clock stays: tests share it.
  const closed = { nada_consta: true, provisorio: false, confianca: 'INDICIO', site_receipts: [] };
  await database.db.transaction().execute((trx) =>
    transition(trx, order.id, 'revise', {
      result: JSON.stringify(closed),
      revisado_em: clock.now(),
      proxima_revisao_em: null,
    }),
  );
  const revised = await poll(order.protocolo);
  expect(revised.status).toBe(200);
  const item = revised.body.data[0] ?? {};
  expect(item).toMatchObject({
    provisorio: false,
    nada_consta: true,
    revisao: 1,
    revisado_em: clock.now().toISOString(),
  });
  expect(item).not.toHaveProperty('consultar_daqui_s');

  // Left provisional for good (the origin never closed it): no revision announced.
  const { order: stuck } = await accepted();
  await finish(stuck, 612, provisional);
  await setNextRevision(database.db, stuck.id, null);
  expect((await poll(stuck.protocolo)).body.data[0]).toMatchObject({ provisorio: true, consultar_daqui_s: null });
});

test('finished: HTTP 200 with the result code, the product result, the nested aceite and cobranca', async () => {
  const { answer, order } = await accepted();
  const result = { nada_consta: true, provisorio: false, confianca: 'INDICIO', site_receipts: ['https://o/r.pdf'] };
  await finish(order, 612, result, ['https://o/r.pdf']);
  const polled = await poll(order.protocolo);
  expect(polled.status).toBe(200);
  expect(polled.body.code).toBe(612);
  expect(polled.body.code_message).toMatch(/aja pelo campo code/);
  // The 202 already billed it (contract 2.2): this call is not added to it.
  expect(polled.body.header).toMatchObject({ billable: false, price: 0 });
  const item = polled.body.data[0] ?? {};
  expect(item).toMatchObject(result);
  // Which product this is, so a typed client narrows the result by it (decision 0061).
  expect(item.fonte).toBe('pesquisa-previa-bens');
  expect(item.aceite).toEqual(answer.body);
  expect(item.cobranca).toEqual({
    debitado: answer.body.header.price,
    estornado: 0,
    estornado_em: null,
    motivo: null,
    estorno_pendente: false,
  });
  expect((polled.body as unknown as { site_receipts: string[] }).site_receipts).toEqual(['https://o/r.pdf']);
});

test('a refunded result shows the refund under cobranca, and a refund not yet posted as pending', async () => {
  const { answer, order } = await accepted();
  await finish(order, 609, { nada_consta: false });
  const pending = await poll(order.protocolo);
  expect(pending.body.data[0]?.cobranca).toMatchObject({ estornado: 0, estorno_pendente: true });
  await database.db
    .transaction()
    .execute((trx) =>
      refundOrder(trx, { orderId: order.id, reason: 'Instabilidade da origem: valor devolvido.', code: 609 }),
    );
  const refunded = await poll(order.protocolo);
  expect(refunded.body.code).toBe(609);
  expect(refunded.body.data[0]?.cobranca).toMatchObject({
    debitado: answer.body.header.price,
    estornado: answer.body.header.price,
    estornado_em: expect.any(String),
    motivo: 'Instabilidade da origem: valor devolvido.',
    estorno_pendente: false,
  });
});

test('a certificate being issued answers 202 with EM_EMISSAO, its forecast, and a wait until the forecast', async () => {
  const { order } = await accepted(
    {
      cpf_cnpj: '123.456.789-09',
      imovel_matricula: '31337',
      imovel_cartorio: 2,
      imovel_municipio: 'Campinas',
      imovel_uf: 'SP',
    },
    'certidao-inteiro-teor',
  );
  const forecast = new Date(T0.getTime() + 4 * 3_600_000).toISOString();
  const inIssue = {
    status_consulta: 'EM_EMISSAO',
    status: null,
    previsao_entrega_em: forecast,
    mensagem: 'Certidão em emissão: protocolo 3202600001.',
    identificadores: { numero_pedido: '3202600001' },
  };
  await database.db.transaction().execute(async (trx) => {
    await transition(trx, order.id, 'startAttempt', { attempt_started_at: clock.now(), attempts: 1 });
    await transition(trx, order.id, 'awaitIssue', {
      numero_pedido: '3202600001',
      status_consulta: 'EM_EMISSAO',
      result: JSON.stringify(inIssue),
    });
  });
  const polled = await poll(order.protocolo);
  expect(polled.status).toBe(202);
  expect(polled.body.data[0]).toMatchObject({ ...inIssue, estado: 'processando', consultar_daqui_s: 4 * 3600 });
  expect(polled.body.code_message).toMatch(/^Certidão em emissão/);
});

test("another account's protocolo, a nonexistent one and a non-numeric one are the same 404 envelope", async () => {
  const { order } = await accepted();
  const other = await newAccount(gateway.adminUrl, 'Outro', '10.00');
  const { token: otherToken } = await newToken(gateway.adminUrl, other, ALL_SCOPES);
  const answers = [await poll(order.protocolo, otherToken), await poll('99999999999'), await poll('12ab')];
  for (const answer of answers) {
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 404, data: [], header: { billable: false, price: 0 } });
  }
  expect(answers[0]?.body.code_message).toBe(answers[1]?.body.code_message);
  expect((await call(`${gateway.url}/v1/consultas/${order.protocolo}`)).status).toBe(401);
});

test('every spelling of the path gets the same answer, whether served before express or by it (decision 0044)', async () => {
  const { order } = await accepted();
  const digits = order.protocolo;
  const spellings = [digits, `${digits}/`, `%3${digits.slice(0, 1)}${digits.slice(1)}`, `${digits}?pagina=1`];
  const answers = await Promise.all(spellings.map((spelling) => poll(spelling)));
  const upper = await call(`${gateway.url}/V1/CONSULTAS/${digits}`, { token });
  for (const answer of [...answers, upper]) {
    expect(answer.status).toBe(202);
    expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect({ ...answer.body, header: { ...answer.body.header, request_id: 'x' } }).toEqual({
      ...answers[0]?.body,
      header: { ...answers[0]?.body.header, request_id: 'x' },
    });
  }
  const leaked = await call(`${gateway.url}/v1/consultas/${digits}?access_token=${token}`, { token });
  expect(leaked.status).toBe(401);
  expect(leaked.headers.get('www-authenticate')).toContain('invalid_token');
});

test('a key is answered for 24 hours; after that the same key is a new order', async () => {
  const key = randomUUID();
  const body = { ...SEARCH, nome: 'Fulano' };
  const first = await execute(body, key);
  expect(first.status).toBe(202);
  clock.set(new Date(clock.now().getTime() + 24 * 3_600_000 - 1_000));
  const replay = await execute(body, key);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(first.body);
  clock.set(new Date(clock.now().getTime() + 2_000));
  const fresh = await execute(body, key);
  expect(fresh.status).toBe(202);
  expect(fresh.headers.get('idempotent-replayed')).toBeNull();
  expect(fresh.body.data[0]?.protocolo).not.toBe(first.body.data[0]?.protocolo);
});
