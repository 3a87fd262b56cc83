import { seedOrderHistory } from '../../../services/gateway/test/support/seed-order';
import { newAccount, newToken, useTestGateway } from '../../../services/gateway/test/support/test-gateway';
import { RegapiClient, RegapiNetworkError, ValidationError } from '../src';

// Issue 29 item 3: the SDK's account calls — balance, status, the order list (one page and every page), the statement
// as CSV in both dialects, the webhook endpoints, and the generic call with any method — against the real gateway and
// PostgreSQL; and a POST without an Idempotency-Key is never resent after an attempt whose answer was lost.

const { database, gateway } = useTestGateway();
let accountId: string;
let token: string;

beforeAll(async () => {
  accountId = await newAccount(gateway.adminUrl, 'Integradora', '200.00');
  token = (await newToken(gateway.adminUrl, accountId)).token;
});

const clientOf = (options: Partial<ConstructorParameters<typeof RegapiClient>[0]> = {}) =>
  new RegapiClient({ baseUrl: gateway.url, token, retry: { initialDelayMs: 10, maxDelayMs: 50 }, ...options });

test('saldo and status', async () => {
  const saldo = await clientOf().saldo();
  expect(saldo.code).toBe(200);
  expect(saldo.data[0]).toEqual(expect.objectContaining({ saldo: 200, reservado: 0, pedidos_nao_liquidados: 0 }));
  const status = await clientOf().status();
  expect(status.data.map((item) => item.fonte).sort()).toEqual([
    'certidao-inteiro-teor',
    'pesquisa-previa-bens',
    'visualizacao-matricula',
  ]);
});

test('consultas: one page with its cursor, every page with todasConsultas, filtered by reference prefix', async () => {
  const seeded = [];
  for (const referencia of ['LOTE-A-1', 'LOTE-A-2', 'LOTE-B-1']) {
    seeded.push(await seedOrderHistory(database.db, accountId, { referencia }));
  }
  const client = clientOf();
  const first = await client.consultas({ limite: 2 });
  expect(first.data[0]?.consultas.map((order) => order.protocolo)).toEqual(
    [seeded[2], seeded[1]].map((order) => order?.protocolo),
  );
  expect(first.data[0]?.proximo_cursor).toEqual(expect.any(String));
  const all = [];
  for await (const order of client.todasConsultas({ limite: 1 })) all.push(order.protocolo);
  expect(all).toEqual([...seeded].reverse().map((order) => order.protocolo));
  const loteA = [];
  for await (const order of client.todasConsultas({ referencia_prefixo: 'LOTE-A-' })) loteA.push(order.referencia);
  expect(loteA).toEqual(['LOTE-A-2', 'LOTE-A-1']);
  await expect(client.consultas({ limite: 0 })).rejects.toBeInstanceOf(ValidationError);
});

test('extratoCsv: RFC 4180 by default, the pt-BR dialect when asked', async () => {
  const client = clientOf();
  const standard = await client.extratoCsv();
  expect(standard.contentType).toMatch(/^text\/csv/);
  expect(standard.bytes.toString('utf8')).toMatch(/^data_hora,lancamento_id,tipo,valor/);
  const brazilian = await client.extratoCsv({ dialeto: 'pt-BR' });
  expect(brazilian.filename).toMatch(/-pt-BR\.csv$/);
  expect(brazilian.bytes.subarray(3).toString('utf8')).toMatch(/;recarga;200,00;200,00;/);
});

test('webhooks: create, list, get, update, test, deliveries, delete', async () => {
  const client = clientOf();
  const created = await client.webhooks.create({
    url: 'https://hooks.example.com/regapi',
    eventos: ['consulta.finalizada'],
  });
  const hook = created.data[0];
  if (hook === undefined) throw new Error('no endpoint');
  expect(hook.segredo).toMatch(/^whsec_/);
  expect((await client.webhooks.list()).data.map((item) => item.id)).toEqual([hook.id]);
  expect((await client.webhooks.get(hook.id)).data[0]?.url).toBe('https://hooks.example.com/regapi');
  expect((await client.webhooks.update(hook.id, { ativo: false })).data[0]?.ativo).toBe(false);
  expect((await client.webhooks.update(hook.id, { ativo: true })).data[0]?.ativo).toBe(true);
  const queued = await client.webhooks.test(hook.id);
  expect(queued.code).toBe(202);
  const deliveries = await client.webhooks.deliveries(hook.id);
  expect(deliveries.data.map((delivery) => delivery.evento)).toEqual(['webhook.teste']);
  await client.webhooks.delete(hook.id);
  expect((await client.webhooks.list()).data).toEqual([]);
  await expect(
    client.webhooks.create({ url: 'http://insecure.example.com', eventos: ['consulta.finalizada'] }),
  ).rejects.toBeInstanceOf(ValidationError);
});

test('call: any method of the document, typed by path', async () => {
  const client = clientOf();
  const created = await client.call('post', '/v1/webhooks', {
    body: { url: 'https://hooks.example.com/generic', eventos: ['estorno.realizado'] },
  });
  const id = String(created.data[0]?.id);
  const patched = await client.call('patch', '/v1/webhooks/{id}', {
    path: { id },
    body: { eventos: ['consulta.finalizada'] },
  });
  expect(patched.data[0]).toEqual(expect.objectContaining({ id, eventos: ['consulta.finalizada'] }));
  await client.call('delete', '/v1/webhooks/{id}', { path: { id } });
  const page = await client.call('get', '/v1/consultas', { query: { referencia: 'LOTE-B-1' } });
  expect(page.data[0]?.consultas).toHaveLength(1);
});

test('a POST without an Idempotency-Key whose answer was lost is not resent: one endpoint, and the error says so', async () => {
  const other = await newAccount(gateway.adminUrl, 'Rede instável', '10.00');
  const otherToken = (await newToken(gateway.adminUrl, other)).token;
  let sent = 0;
  // The request reaches the real gateway and is done; its answer is then lost on the way back.
  const losingAnswers: typeof fetch = async (input, init) => {
    sent += 1;
    await fetch(input, init);
    throw new TypeError('fetch failed: connection reset');
  };
  const client = clientOf({ token: otherToken, fetch: losingAnswers });
  const lost = client.webhooks.create({ url: 'https://hooks.example.com/once', eventos: ['consulta.finalizada'] });
  await expect(lost).rejects.toBeInstanceOf(RegapiNetworkError);
  await expect(lost).rejects.toThrow(/confira antes de repetir/);
  expect(sent).toBe(1);
  const endpoints = await clientOf({ token: otherToken }).webhooks.list();
  expect(endpoints.data.map((item) => item.url)).toEqual(['https://hooks.example.com/once']);
  // A GET is repeatable: it is resent until the attempts run out.
  sent = 0;
  await expect(client.saldo()).rejects.toBeInstanceOf(RegapiNetworkError);
  expect(sent).toBeGreaterThan(1);
});
