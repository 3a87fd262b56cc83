import { OpenApiValidator, webhookPayloadProblems } from '@regapi/contracts';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// The webhook endpoints of the public API (issue 17; docs/decisions/0093-0095): per account, the secret shown once,
// another account's endpoint a 404, bad input a 422 envelope.

const { database, gateway } = useTestGateway();
let accountA: string;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  accountA = await newAccount(gateway.adminUrl, 'Conta A');
  tokenA = (await newToken(gateway.adminUrl, accountA)).token;
  tokenB = (await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl, 'Conta B'))).token;
});

const api = (path: string, token: string, method = 'GET', body?: unknown) =>
  call(`${gateway.url}${path}`, { method, token, ...(body === undefined ? {} : { body }) });

async function register(url = 'https://hooks.example.com/regapi'): Promise<{ id: string; segredo: string }> {
  const created = await api('/v1/webhooks', tokenA, 'POST', { url, eventos: ['consulta.finalizada'] });
  expect(created.status).toBe(201);
  const item = created.body.data[0] ?? {};
  return { id: String(item.id), segredo: String(item.segredo) };
}

test('register shows the secret once; list, read and change never show it', async () => {
  const { id, segredo } = await register();
  expect(segredo).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const listed = await api('/v1/webhooks', tokenA);
  expect(listed.status).toBe(200);
  expect(listed.body.data).toEqual([
    expect.objectContaining({
      id,
      url: 'https://hooks.example.com/regapi',
      eventos: ['consulta.finalizada'],
      ativo: true,
    }),
  ]);
  expect(JSON.stringify(listed.body)).not.toContain(segredo);
  const changed = await api(`/v1/webhooks/${id}`, tokenA, 'PATCH', {
    eventos: ['consulta.finalizada', 'consulta.reconciliada'],
    ativo: false,
  });
  expect(changed.status).toBe(200);
  expect(changed.body.data[0]).toEqual(
    expect.objectContaining({ eventos: ['consulta.finalizada', 'consulta.reconciliada'], ativo: false }),
  );
  const read = await api(`/v1/webhooks/${id}`, tokenA);
  expect(read.body.data[0]).toEqual(
    expect.objectContaining({ ativo: false, motivo_desativacao: 'desativado pelo cliente' }),
  );
  expect(JSON.stringify(read.body)).not.toContain(segredo);
});

test('the deliveries and their replay', async () => {
  const { id } = await register();
  const [delivery] = await database.db
    .insertInto('webhook_delivery')
    .values({
      endpoint_id: id,
      account_id: accountA,
      event_id: crypto.randomUUID(),
      event_type: 'consulta.finalizada',
      payload: '{}',
      state: 'failed',
      attempts: 1,
      next_attempt_at: null,
      created_at: new Date(),
    })
    .returning('id')
    .execute();
  const replayed = await api(`/v1/webhooks/${id}/entregas/${delivery?.id}/reenviar`, tokenA, 'POST');
  expect(replayed.status).toBe(202);
  const listed = await api(`/v1/webhooks/${id}/entregas`, tokenA);
  expect(listed.status).toBe(200);
  expect(listed.body.data).toEqual([
    expect.objectContaining({ id: delivery?.id, evento: 'consulta.finalizada', situacao: 'pendente', tentativas: [] }),
  ]);
});

test('a test event is queued as a signed delivery of webhook.teste, its body as the document publishes it', async () => {
  const { id } = await register();
  const answer = await api(`/v1/webhooks/${id}/testar`, tokenA, 'POST');
  expect([answer.status, answer.body.code, answer.body.header.billable]).toEqual([202, 202, false]);
  const [queued] = answer.body.data;
  expect(queued).toEqual({ id: expect.any(String), evento: 'webhook.teste', situacao: 'pendente' });
  expect(new OpenApiValidator().errorsOf('WebhookTesteAgendado', queued)).toEqual([]);
  const listed = await api(`/v1/webhooks/${id}/entregas`, tokenA);
  expect(listed.body.data).toEqual([
    expect.objectContaining({ id: queued?.id, evento: 'webhook.teste', situacao: 'pendente', tentativas: [] }),
  ]);
  // What the webhooks service will send is stored as it will be sent: id = webhook-id, the account, the environment.
  const row = await database.db
    .selectFrom('webhook_delivery')
    .select(['payload', 'next_attempt_at'])
    .where('id', '=', String(queued?.id))
    .executeTakeFirstOrThrow();
  expect(webhookPayloadProblems(row.payload)).toEqual([]);
  expect(row.payload).toEqual(
    expect.objectContaining({ id: queued?.id, type: 'webhook.teste', conta: accountA, ambiente: 'producao' }),
  );
  expect(row.next_attempt_at).not.toBeNull();
  // A disabled endpoint gets it too, when re-enabled: the answer says so.
  await api(`/v1/webhooks/${id}`, tokenA, 'PATCH', { ativo: false });
  const disabled = await api(`/v1/webhooks/${id}/testar`, tokenA, 'POST');
  expect([disabled.status, disabled.body.code_message]).toEqual([202, expect.stringMatching(/desativado/)]);
});

test("another account's endpoint is a 404 on every route", async () => {
  const { id } = await register();
  const delivery = crypto.randomUUID();
  for (const [method, path, body] of [
    ['GET', `/v1/webhooks/${id}`],
    ['PATCH', `/v1/webhooks/${id}`, { ativo: false }],
    ['DELETE', `/v1/webhooks/${id}`],
    ['GET', `/v1/webhooks/${id}/entregas`],
    ['POST', `/v1/webhooks/${id}/entregas/${delivery}/reenviar`],
    ['POST', `/v1/webhooks/${id}/testar`],
  ] as const) {
    const answer = await api(path, tokenB, method, body);
    expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 404, 404]);
  }
  expect((await api('/v1/webhooks', tokenB)).body.data).toEqual([]);
  expect((await api(`/v1/webhooks/${id}`, tokenA)).status).toBe(200);
});

test('bad input is a 422 envelope naming the field; a malformed id a 404', async () => {
  const cases: [unknown, string][] = [
    [{ eventos: ['consulta.finalizada'] }, 'url'],
    [{ url: 'http://hooks.example.com/x', eventos: ['consulta.finalizada'] }, 'url'],
    [{ url: 'nota url', eventos: ['consulta.finalizada'] }, 'url'],
    [{ url: 'https://eu:senha@hooks.example.com/x', eventos: ['consulta.finalizada'] }, 'url'],
    [{ url: 'https://hooks.example.com/x', eventos: ['pedido.qualquer'] }, 'eventos'],
    [{ url: 'https://hooks.example.com/x', eventos: [] }, 'eventos'],
    [{ url: 'https://hooks.example.com/x', eventos: ['consulta.finalizada'], segredo: 'meu' }, 'segredo'],
    [[1, 2], 'body'],
  ];
  for (const [body, campo] of cases) {
    const answer = await api('/v1/webhooks', tokenA, 'POST', body);
    expect([answer.status, answer.body.code]).toEqual([422, 422]);
    expect(answer.body.errors.map((error) => error.campo)).toContain(campo);
  }
  // Every URL refusal is a Portuguese sentence (no English inside the message).
  const http = await api('/v1/webhooks', tokenA, 'POST', {
    url: 'http://hooks.example.com/x',
    eventos: ['consulta.finalizada'],
  });
  expect(http.body.errors[0]?.mensagem).toBe('A URL deve começar com https:// (recebido http://).');
  const { id } = await register();
  const patched = await api(`/v1/webhooks/${id}`, tokenA, 'PATCH', { ativo: 'sim' });
  expect([patched.status, patched.body.errors[0]?.campo]).toEqual([422, 'ativo']);
  expect((await api('/v1/webhooks/not-a-uuid', tokenA)).status).toBe(404);
  const deleted = await api(`/v1/webhooks/${id}`, tokenA, 'DELETE');
  expect(deleted.status).toBe(200);
  expect((await api(`/v1/webhooks/${id}`, tokenA)).status).toBe(404);
});

test('monitoramento.alteracao (issue 30) is subscribable on POST and PATCH and listed back', async () => {
  const created = await api('/v1/webhooks', tokenA, 'POST', {
    url: 'https://hooks.example.com/monitoramentos',
    eventos: ['monitoramento.alteracao'],
  });
  expect(created.status).toBe(201);
  const id = String(created.body.data[0]?.id);
  expect(created.body.data[0]).toEqual(expect.objectContaining({ eventos: ['monitoramento.alteracao'] }));
  const patched = await api(`/v1/webhooks/${id}`, tokenA, 'PATCH', {
    eventos: ['consulta.finalizada', 'monitoramento.alteracao'],
  });
  expect(patched.status).toBe(200);
  const listed = await api('/v1/webhooks', tokenA);
  expect(listed.body.data.find((endpoint) => endpoint.id === id)?.eventos).toEqual([
    'consulta.finalizada',
    'monitoramento.alteracao',
  ]);
  expect((await api(`/v1/webhooks/${id}`, tokenA, 'DELETE')).status).toBe(200);
});

test('without a token: 401', async () => {
  const answer = await call(`${gateway.url}/v1/webhooks`);
  expect([answer.status, answer.body.code]).toEqual([401, 401]);
});
