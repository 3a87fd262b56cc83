import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { webhookPayloadProblems } from '@regapi/contracts';
import { createAccount } from '@regapi/ledger';
import { listEndpoints, registerEndpoint } from '@regapi/webhook-endpoints';
import type { ConsoleRole } from '../src';
import { createTestUser } from './support/console-fixture';
import { ConsoleVisitor, csrfOf } from './support/console-web';
import { useConsole } from './support/use-console';

// Issue 17: the console's Webhooks area over real HTTP and PostgreSQL — register (the secret once, single-use form, the
// API's URL rules), list, the deliveries with their attempts, replay, turn off and on, remove; other roles and other
// accounts refused; every action audited.

const clock = new ManualClock(new Date('2026-11-20T15:00:00Z'));
const { database, server } = useConsole(clock);

async function signedIn(role: ConsoleRole, accountId?: string) {
  const account = accountId ?? (await createAccount(database.db, { name: `Conta ${randomUUID().slice(0, 8)}` })).id;
  const user = await createTestUser(database.db, clock, { accountId: account, role });
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  return { visitor, accountId: account };
}

async function register(visitor: ConsoleVisitor, url: string, events: readonly string[], formId?: string) {
  const page = await (await visitor.request('/webhooks/novo')).text();
  const id = formId ?? /name="formulario" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return visitor.request('/webhooks', {
    form: [
      ['csrf', csrfOf(page)],
      ['formulario', id],
      ['url', url],
      ...events.map((event): [string, string] => ['eventos', event]),
    ],
  });
}

const auditOf = (accountId: string) =>
  database.db
    .selectFrom('console_audit')
    .select(['action', 'target'])
    .where('account_id', '=', accountId)
    .where('action', 'like', 'webhook.%')
    .orderBy('id')
    .execute();

test('register: the secret shown once; the same form again registers nothing; the list shows it', async () => {
  const { visitor, accountId } = await signedIn('desenvolvimento');
  const page = await (await visitor.request('/webhooks/novo')).text();
  const formId = /name="formulario" value="([^"]+)"/.exec(page)?.[1] ?? '';
  // Every subscribable event is offered, the watch's (issue 30) among them, with its label.
  expect(page).toMatch(
    /<input type="checkbox" name="eventos" value="monitoramento.alteracao"> Monitoramento: alteração encontrada/,
  );
  const created = await register(
    visitor,
    'https://erp.example.com/avisos',
    ['consulta.finalizada', 'estorno.realizado', 'monitoramento.alteracao'],
    formId,
  );
  const secretPage = await created.text();
  expect(created.status).toBe(200);
  expect(secretPage).toMatch(/id="segredo"[^>]*value="whsec_[^"]+"/);
  const again = await register(visitor, 'https://erp.example.com/avisos', ['consulta.finalizada'], formId);
  expect(again.status).toBe(409);
  expect(await again.text()).not.toContain('whsec_');
  const endpoints = await listEndpoints(database.db, accountId);
  expect(endpoints.map((endpoint) => [endpoint.url, endpoint.events])).toEqual([
    ['https://erp.example.com/avisos', ['consulta.finalizada', 'estorno.realizado', 'monitoramento.alteracao']],
  ]);
  const list = await (await visitor.request('/webhooks')).text();
  expect(list).toContain('https://erp.example.com/avisos');
  expect(list).toContain('Estorno realizado');
  expect(list).toContain('Monitoramento: alteração encontrada');
  expect(list).not.toContain('whsec_');
  expect(await auditOf(accountId)).toEqual([{ action: 'webhook.create', target: endpoints[0]?.id }]);
});

test('bad input: the form again with pt-BR errors and the values kept (422), nothing registered', async () => {
  const { visitor, accountId } = await signedIn('administrador');
  const cases: [string, readonly string[], string][] = [
    ['http://erp.example.com/avisos', ['consulta.finalizada'], 'A URL deve começar com https'],
    ['https://usuario:senha@erp.example.com/', ['consulta.finalizada'], 'A URL não pode trazer usuário nem senha'],
    ['nao é url', ['consulta.finalizada'], 'Não é uma URL válida'],
    ['https://erp.example.com/avisos', [], 'Escolha ao menos um evento.'],
    ['https://erp.example.com/avisos', ['consulta.qualquer'], 'Escolha ao menos um evento.'],
  ];
  for (const [url, events, message] of cases) {
    const answer = await register(visitor, url, events);
    const page = await answer.text();
    expect([url, events, answer.status]).toEqual([url, events, 422]);
    expect(page).toContain(message);
    expect(page).toContain('Corrija o que está indicado abaixo.');
    expect(page).toContain(`value="${url}"`);
  }
  expect(await listEndpoints(database.db, accountId)).toEqual([]);
});

test('the deliveries with their attempts; replay, turn off and on, remove — each audited', async () => {
  const { visitor, accountId } = await signedIn('administrador');
  const endpoint = await registerEndpoint(
    database.db,
    { accountId, url: 'https://erp.example.com/hook', events: ['consulta.finalizada'] },
    clock.now(),
  );
  // What the webhooks service records of a delivery that failed for good.
  const delivery = await database.db
    .insertInto('webhook_delivery')
    .values({
      endpoint_id: endpoint.id,
      account_id: accountId,
      event_id: randomUUID(),
      event_type: 'consulta.finalizada',
      payload: JSON.stringify({ type: 'consulta.finalizada' }),
      state: 'failed',
      attempts: 1,
      next_attempt_at: null,
      created_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('webhook_attempt')
    .values({
      delivery_id: delivery.id,
      attempted_at: clock.now(),
      status_code: 500,
      latency_ms: 87,
      error: null,
      response_excerpt: '<erro interno>',
    })
    .execute();

  const detail = await (await visitor.request(`/webhooks/${endpoint.id}`)).text();
  expect(detail).toContain('Falhou');
  expect(detail).toContain('HTTP 500, 87 ms');
  // The origin's answer is the customer's text: escaped, never markup.
  expect(detail).toContain('&#60;erro interno&#62;');
  const csrf = csrfOf(detail);

  const replayed = await visitor.request(`/webhooks/${endpoint.id}/entregas/${delivery.id}/reenviar`, {
    form: { csrf },
  });
  expect([replayed.status, replayed.headers.get('location')]).toEqual([
    303,
    `/webhooks/${endpoint.id}?aviso=reenviado`,
  ]);
  const state = await database.db
    .selectFrom('webhook_delivery')
    .select('state')
    .where('id', '=', delivery.id)
    .executeTakeFirstOrThrow();
  expect(state.state).toBe('pending');

  expect((await visitor.request(`/webhooks/${endpoint.id}/ativo`, { form: { csrf, ativo: 'nao' } })).status).toBe(303);
  expect((await listEndpoints(database.db, accountId))[0]?.enabled).toBe(false);
  expect(await (await visitor.request(`/webhooks/${endpoint.id}`)).text()).toContain(
    'Desativado: desativado pelo cliente',
  );
  expect((await visitor.request(`/webhooks/${endpoint.id}/ativo`, { form: { csrf, ativo: 'sim' } })).status).toBe(303);
  expect((await listEndpoints(database.db, accountId))[0]?.enabled).toBe(true);

  // The detail page links to a page that asks first; opening it removes nothing.
  expect(await (await visitor.request(`/webhooks/${endpoint.id}`)).text()).toContain(
    `href="/webhooks/${endpoint.id}/remover"`,
  );
  const asking = await visitor.request(`/webhooks/${endpoint.id}/remover`);
  expect(asking.status).toBe(200);
  expect(await asking.text()).toContain('Isso não se desfaz');
  expect(await listEndpoints(database.db, accountId)).toHaveLength(1);
  const removed = await visitor.request(`/webhooks/${endpoint.id}/remover`, { form: { csrf } });
  expect([removed.status, removed.headers.get('location')]).toEqual([303, '/webhooks?aviso=removido']);
  expect(await listEndpoints(database.db, accountId)).toEqual([]);
  expect((await auditOf(accountId)).map((row) => row.action)).toEqual([
    'webhook.replay',
    'webhook.disable',
    'webhook.enable',
    'webhook.delete',
  ]);
});

test('send a test event: a webhook.teste delivery queued for the normal sender, the notice shown, audited', async () => {
  const { visitor, accountId } = await signedIn('desenvolvimento');
  const endpoint = await registerEndpoint(
    database.db,
    { accountId, url: 'https://erp.example.com/hook', events: ['estorno.realizado'] },
    clock.now(),
  );
  const detail = await (await visitor.request(`/webhooks/${endpoint.id}`)).text();
  expect(detail).toContain('Enviar evento de teste');
  const sent = await visitor.request(`/webhooks/${endpoint.id}/testar`, { form: { csrf: csrfOf(detail) } });
  expect([sent.status, sent.headers.get('location')]).toEqual([303, `/webhooks/${endpoint.id}?aviso=teste`]);
  const delivery = await database.db
    .selectFrom('webhook_delivery')
    .select(['id', 'event_type', 'state', 'payload'])
    .where('endpoint_id', '=', endpoint.id)
    .executeTakeFirstOrThrow();
  expect([delivery.event_type, delivery.state]).toEqual(['webhook.teste', 'pending']);
  // The body the webhooks service will send, valid against the document's webhooks schema (decision 0140).
  expect(webhookPayloadProblems(delivery.payload)).toEqual([]);
  expect(delivery.payload).toEqual(
    expect.objectContaining({ id: delivery.id, conta: accountId, ambiente: 'producao', type: 'webhook.teste' }),
  );
  const after = await (await visitor.request(`/webhooks/${endpoint.id}?aviso=teste`)).text();
  expect(after).toContain('Evento de teste agendado');
  expect(after).toContain('webhook.teste');
  expect(await auditOf(accountId)).toEqual([{ action: 'webhook.test', target: endpoint.id }]);
});

test("another account's endpoint is a 404 on every page and action; financeiro and consulta get 403", async () => {
  const owner = await signedIn('administrador');
  const endpoint = await registerEndpoint(
    database.db,
    { accountId: owner.accountId, url: 'https://a.example.com/hook', events: ['consulta.finalizada'] },
    clock.now(),
  );
  const other = await signedIn('administrador');
  const csrf = csrfOf(await (await other.visitor.request('/webhooks')).text());
  for (const page of [`/webhooks/${endpoint.id}`, `/webhooks/${endpoint.id}/remover`]) {
    expect([page, (await other.visitor.request(page)).status]).toEqual([page, 404]);
  }
  for (const path of [
    `/webhooks/${endpoint.id}/remover`,
    `/webhooks/${endpoint.id}/ativo`,
    `/webhooks/${endpoint.id}/testar`,
  ]) {
    const answer = await other.visitor.request(path, { form: { csrf, ativo: 'nao' } });
    expect([path, answer.status]).toEqual([path, 404]);
  }
  expect((await listEndpoints(database.db, owner.accountId)).map((found) => found.enabled)).toEqual([true]);
  // Without the CSRF token: refused, nothing changed.
  const noCsrf = await owner.visitor.request(`/webhooks/${endpoint.id}/remover`, { form: {} });
  expect(noCsrf.status).toBe(403);
  expect(await listEndpoints(database.db, owner.accountId)).toHaveLength(1);

  for (const role of ['financeiro', 'consulta'] as const) {
    const { visitor } = await signedIn(role);
    const home = await (await visitor.request('/')).text();
    expect(home).not.toContain('href="/webhooks"');
    for (const path of ['/webhooks', '/webhooks/novo']) {
      expect([role, path, (await visitor.request(path)).status]).toEqual([role, path, 403]);
    }
  }
});
