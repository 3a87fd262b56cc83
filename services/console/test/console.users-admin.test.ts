import { disableUser } from '../src';
import { createAccount, createTestUser, manualClock } from './support/console-fixture';
import { ConsoleVisitor, csrfOf, linkMailedTo } from './support/console-web';
import { useConsole } from './support/use-console';

// Issue 15: administrators manage the account's users on /usuarios (permission users:manage).

const clock = manualClock();
const { database, server } = useConsole(clock);

async function signedIn(user: { email: string; password: string }): Promise<{ visitor: ConsoleVisitor; csrf: string }> {
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  const page = await (await visitor.request('/usuarios')).text();
  return { visitor, csrf: csrfOf(page) };
}

async function userIdOf(email: string): Promise<string> {
  const row = await database.db
    .selectFrom('console_user')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

it('lists the account’s users only, with role, second factor, creation and state', async () => {
  const accountId = await createAccount(database.db);
  const admin = await createTestUser(database.db, clock, { accountId });
  const colleague = await createTestUser(database.db, clock, { accountId, role: 'financeiro' });
  const stranger = await createTestUser(database.db, clock, { role: 'consulta' });
  const { visitor } = await signedIn(admin);
  const answer = await visitor.request('/usuarios');
  expect(answer.status).toBe(200);
  const page = await answer.text();
  expect(page).toContain(admin.email);
  expect(page).toContain(colleague.email);
  expect(page).toContain('Financeiro');
  expect(page).not.toContain(stranger.email);
  expect(page).toMatch(/<th scope="col">Verificação em duas etapas<\/th>/);
});

it('invites by e-mail and role (201, audited, queued), refuses a taken e-mail (409) and a bad role (422), resends', async () => {
  const accountId = await createAccount(database.db);
  const admin = await createTestUser(database.db, clock, { accountId });
  const { visitor, csrf } = await signedIn(admin);
  const invited = await visitor.request('/usuarios', {
    form: { csrf, email: 'Nova.Pessoa@Exemplo.com.br', perfil: 'desenvolvimento' },
  });
  expect(invited.status).toBe(201);
  const page = await invited.text();
  expect(page).toContain('nova.pessoa@exemplo.com.br');
  expect(page).toContain('Convite pendente');
  expect(page).toContain('o operador do serviço entrega o link');
  const first = await linkMailedTo(database.db, 'nova.pessoa@exemplo.com.br');
  expect(
    (await visitor.request('/usuarios', { form: { csrf, email: 'nova.pessoa@exemplo.com.br', perfil: 'consulta' } }))
      .status,
  ).toBe(409);
  expect(
    (await visitor.request('/usuarios', { form: { csrf, email: 'x@exemplo.com.br', perfil: 'dono' } })).status,
  ).toBe(422);
  expect((await visitor.request('/usuarios', { form: { csrf, email: 'sem arroba', perfil: 'consulta' } })).status).toBe(
    422,
  );
  expect((await visitor.request('/usuarios', { form: { email: 'y@exemplo.com.br', perfil: 'consulta' } })).status).toBe(
    403,
  );

  const userId = await userIdOf('nova.pessoa@exemplo.com.br');
  expect((await visitor.request(`/usuarios/${userId}/convite`, { form: { csrf } })).status).toBe(200);
  const second = await linkMailedTo(database.db, 'nova.pessoa@exemplo.com.br');
  expect(second).not.toBe(first);
  expect((await new ConsoleVisitor(server.url).request(first)).status).toBe(410);
  const audit = await database.db
    .selectFrom('console_audit')
    .select(['action', 'user_id'])
    .where('account_id', '=', accountId)
    .where('action', 'like', 'user.%')
    .orderBy('id')
    .execute();
  expect(audit).toEqual([
    { action: 'user.invite', user_id: admin.id },
    { action: 'user.invite-resend', user_id: admin.id },
  ]);
});

it('changes a role and disables a user (their sessions end); never oneself', async () => {
  const accountId = await createAccount(database.db);
  const admin = await createTestUser(database.db, clock, { accountId });
  const colleague = await createTestUser(database.db, clock, { accountId, role: 'consulta' });
  const { visitor, csrf } = await signedIn(admin);
  const colleagueVisitor = new ConsoleVisitor(server.url);
  expect((await colleagueVisitor.signIn(colleague.email, colleague.password)).status).toBe(303);
  expect((await colleagueVisitor.request('/usuarios')).status).toBe(403);

  expect(
    (await visitor.request(`/usuarios/${colleague.id}/perfil`, { form: { csrf, perfil: 'administrador' } })).status,
  ).toBe(200);
  expect((await colleagueVisitor.request('/usuarios')).status).toBe(200);
  expect((await visitor.request(`/usuarios/${colleague.id}/perfil`, { form: { csrf, perfil: 'chefe' } })).status).toBe(
    422,
  );

  expect((await visitor.request(`/usuarios/${admin.id}/desativar`, { form: { csrf } })).status).toBe(409);
  expect((await visitor.request(`/usuarios/${admin.id}/perfil`, { form: { csrf, perfil: 'consulta' } })).status).toBe(
    409,
  );

  const disabled = await visitor.request(`/usuarios/${colleague.id}/desativar`, { form: { csrf } });
  expect(disabled.status).toBe(200);
  expect(await disabled.text()).toContain('Desativado em');
  expect((await colleagueVisitor.request('/')).status).toBe(303);
  expect((await new ConsoleVisitor(server.url).signIn(colleague.email, colleague.password)).status).toBe(401);
  const actions = await database.db
    .selectFrom('console_audit')
    .select(['action', 'params'])
    .where('target', '=', colleague.id)
    .orderBy('id')
    .execute();
  expect(actions).toEqual([
    { action: 'user.role', params: { from: 'consulta', to: 'administrador' } },
    { action: 'user.disable', params: { sessions_revoked: 1 } },
  ]);
});

it('another account’s user id is a 404 on every action, and nothing changes', async () => {
  const admin = await createTestUser(database.db, clock);
  const stranger = await createTestUser(database.db, clock, { role: 'consulta' });
  const { visitor, csrf } = await signedIn(admin);
  for (const action of ['perfil', 'desativar', 'convite']) {
    const answer = await visitor.request(`/usuarios/${stranger.id}/${action}`, {
      form: { csrf, perfil: 'administrador' },
    });
    expect(answer.status).toBe(404);
  }
  expect((await visitor.request('/usuarios/nao-e-um-id/desativar', { form: { csrf } })).status).toBe(404);
  const row = await database.db
    .selectFrom('console_user')
    .select(['role', 'disabled_at'])
    .where('id', '=', stranger.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ role: 'consulta', disabled_at: null });
});

it('the last active administrator stays: of two administrators disabling each other, the second is refused', async () => {
  const accountId = await createAccount(database.db);
  const a = await createTestUser(database.db, clock, { accountId });
  const b = await createTestUser(database.db, clock, { accountId });
  const [first, second] = await Promise.all([
    disableUser(database.db, clock, { accountId, userId: b.id, actorUserId: a.id }),
    disableUser(database.db, clock, { accountId, userId: a.id, actorUserId: b.id }),
  ]);
  expect([first, second].sort()).toEqual(['done', 'last-admin']);
  const active = await database.db
    .selectFrom('console_user')
    .select('id')
    .where('account_id', '=', accountId)
    .where('disabled_at', 'is', null)
    .execute();
  expect(active).toHaveLength(1);
});
