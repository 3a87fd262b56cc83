import { inviteUser } from '../src';
import { createAccount, createTestUser, manualClock } from './support/console-fixture';
import { ConsoleVisitor, csrfOf, linkMailedTo } from './support/console-web';
import { useConsole } from './support/use-console';

// Issue 15: invitations and password resets by one-time links through the console's outbox (docs/decisions/0082).

const clock = manualClock();
const { database, server } = useConsole(clock, {
  console: {
    publicUrl: 'https://console.exemplo.test',
    resetThrottle: {
      perEmail: { limit: 3, windowMs: 15 * 60_000, maxAddresses: 100 },
      perClient: { limit: 1000, windowMs: 60_000, maxAddresses: 100 },
    },
  },
});

const NEW_PASSWORD = 'uma senha nova e comprida';

async function invite(email: string): Promise<string> {
  const accountId = await createAccount(database.db);
  await inviteUser(database.db, clock, {
    accountId,
    email,
    role: 'financeiro',
    consoleUrl: 'https://console.exemplo.test',
    actor: { operator: 'teste' },
  });
  return linkMailedTo(database.db, email);
}

async function postLink(visitor: ConsoleVisitor, link: string, senha: string, senha2 = senha): Promise<Response> {
  const csrf = csrfOf(await (await visitor.request(link)).text());
  return visitor.request(link, { form: { csrf, senha, senha2 } });
}

describe('invitation', () => {
  it('opens once: password chosen twice, then signed in; the link again is a 410', async () => {
    const link = await invite('convidada@exemplo.com.br');
    expect(link).toMatch(/^\/convite\/[A-Za-z0-9_-]{43}$/);
    const visitor = new ConsoleVisitor(server.url);
    const form = await visitor.request(link);
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain('convidada@exemplo.com.br');

    const mismatch = await visitor.request(link, {
      form: { csrf: csrfOf(page), senha: NEW_PASSWORD, senha2: 'outra coisa qualquer' },
    });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain('As duas senhas não são iguais.');
    const short = await postLink(visitor, link, 'curta');
    expect(short.status).toBe(422);

    const accepted = await postLink(visitor, link, NEW_PASSWORD);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/');
    const home = await visitor.request('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('convidada@exemplo.com.br');

    const again = await new ConsoleVisitor(server.url).request(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('já foi usado');
    const other = new ConsoleVisitor(server.url);
    expect((await other.signIn('convidada@exemplo.com.br', NEW_PASSWORD)).status).toBe(303);
    const actions = await database.db
      .selectFrom('console_audit')
      .select('action')
      .where('action', 'like', 'user.%')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['user.invite', 'user.accept']));
  });

  it('expires after 7 days (410); an unknown token is a 404; a form without the pre-session CSRF is a 403', async () => {
    const link = await invite('atrasada@exemplo.com.br');
    const visitor = new ConsoleVisitor(server.url);
    const page = await (await visitor.request(link)).text();
    expect(
      (
        await new ConsoleVisitor(server.url).request(link, {
          form: { csrf: csrfOf(page), senha: NEW_PASSWORD, senha2: NEW_PASSWORD },
        })
      ).status,
    ).toBe(403);
    clock.advance(7 * 24 * 60 * 60_000 + 1);
    expect((await visitor.request(link)).status).toBe(410);
    const late = await visitor.request(link, {
      form: { csrf: csrfOf(page), senha: NEW_PASSWORD, senha2: NEW_PASSWORD },
    });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('expirou');
    expect((await visitor.request(`/convite/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await visitor.request('/convite/curto')).status).toBe(404);
    const row = await database.db
      .selectFrom('console_user')
      .select('password_hash')
      .where('email', '=', 'atrasada@exemplo.com.br')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
  });
});

describe('password reset', () => {
  async function ask(visitor: ConsoleVisitor, email: string): Promise<{ status: number; text: string }> {
    const csrf = csrfOf(await (await visitor.request('/senha/esqueci')).text());
    const answer = await visitor.request('/senha/esqueci', { form: { csrf, email } });
    return { status: answer.status, text: (await answer.text()).replace(/name="csrf" value="[^"]+"/, '') };
  }

  it('answers the same for a known and an unknown e-mail; only the known one gets a message', async () => {
    const user = await createTestUser(database.db, clock, { role: 'consulta' });
    const visitor = new ConsoleVisitor(server.url);
    const known = await ask(visitor, user.email);
    const unknown = await ask(visitor, 'ninguem-aqui@exemplo.com.br');
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(known.text).toContain('Se este e-mail tiver acesso ao console');
    const mail = await database.db
      .selectFrom('console_mail')
      .select('recipient')
      .where('subject', '=', 'Nova senha do console regapi')
      .execute();
    expect(mail.map((row) => row.recipient)).toContain(user.email.toLowerCase());
    expect(mail.map((row) => row.recipient)).not.toContain('ninguem-aqui@exemplo.com.br');
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const user = await createTestUser(database.db, clock, { role: 'consulta' });
    const signedIn = new ConsoleVisitor(server.url);
    expect((await signedIn.signIn(user.email, user.password)).status).toBe(303);
    await ask(new ConsoleVisitor(server.url), user.email);
    const link = await linkMailedTo(database.db, user.email);
    expect(link).toMatch(/^\/senha\/nova\//);

    const visitor = new ConsoleVisitor(server.url);
    const saved = await postLink(visitor, link, NEW_PASSWORD);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/entrar?senha=nova');
    expect((await signedIn.request('/')).status).toBe(303);
    expect((await new ConsoleVisitor(server.url).signIn(user.email, user.password)).status).toBe(401);
    expect((await new ConsoleVisitor(server.url).signIn(user.email, NEW_PASSWORD)).status).toBe(303);
    expect((await new ConsoleVisitor(server.url).request(link)).status).toBe(410);
    const audit = await database.db
      .selectFrom('console_audit')
      .select('params')
      .where('action', '=', 'password.reset')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit.params).toEqual({ sessions_revoked: 1 });
  });

  it('a reset link lasts one hour; a newer one replaces it', async () => {
    const user = await createTestUser(database.db, clock, { role: 'consulta' });
    await ask(new ConsoleVisitor(server.url), user.email);
    const first = await linkMailedTo(database.db, user.email);
    await ask(new ConsoleVisitor(server.url), user.email);
    const second = await linkMailedTo(database.db, user.email);
    expect(second).not.toBe(first);
    expect((await new ConsoleVisitor(server.url).request(first)).status).toBe(410);
    expect((await new ConsoleVisitor(server.url).request(second)).status).toBe(200);
    clock.advance(60 * 60_000);
    const late = await new ConsoleVisitor(server.url).request(second);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('expirou');
  });

  it('is throttled per e-mail address (429 on the 4th request in 15 minutes), whether it exists or not', async () => {
    const visitor = new ConsoleVisitor(server.url);
    for (const email of ['limite@exemplo.com.br', 'Limite@Exemplo.com.br', 'limite@exemplo.com.br']) {
      expect((await ask(visitor, email)).status).toBe(200);
    }
    const refused = await ask(visitor, 'limite@exemplo.com.br');
    expect(refused.status).toBe(429);
    expect((await ask(visitor, 'outro-limite@exemplo.com.br')).status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await ask(visitor, 'limite@exemplo.com.br')).status).toBe(200);
  });
});
