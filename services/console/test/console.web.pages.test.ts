import { createAccount, topUp } from '@regapi/ledger';
import { CONSOLE_SECURITY_HEADERS, DEFAULT_LOCKOUT_POLICY, SESSION_COOKIE } from '../src';
import { createTestUser, manualClock } from './support/console-fixture';
import { ConsoleVisitor, csrfOf } from './support/console-web';
import { useConsole } from './support/use-console';

const clock = manualClock();
const { database, server } = useConsole(clock);

async function userWithBalance(accountName: string, centavos: number) {
  const { id: accountId } = await createAccount(database.db, { name: accountName });
  if (centavos > 0)
    await database.db.transaction().execute((trx) => topUp(trx, { accountId, amountCentavos: centavos }));
  return createTestUser(database.db, clock, { accountId, role: 'financeiro' });
}

describe('console pages', () => {
  it('serves the sign-in form in pt-BR with labels and the security headers', async () => {
    const visitor = new ConsoleVisitor(server.url);
    const answer = await visitor.request('/entrar');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    for (const [name, value] of Object.entries(CONSOLE_SECURITY_HEADERS)) expect(answer.headers.get(name)).toBe(value);
    expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    const page = await answer.text();
    expect(page).toContain('<html lang="pt-BR">');
    expect(page).toContain('<label for="email">E-mail</label>');
    expect(page).toContain('<label for="senha">Senha</label>');
    expect(page).not.toMatch(/<script|style=/);
    const css = await visitor.request('/estilo.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('signs in: a __Host- session cookie, HttpOnly, Secure, SameSite=Lax, and a redirect to the home page', async () => {
    const user = await userWithBalance('Cartório Alfa', 123_456);
    const visitor = new ConsoleVisitor(server.url);
    const answer = await visitor.signIn(user.email, user.password);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    const cookie = visitor.lastSetCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(SESSION_COOKIE.startsWith('__Host-')).toBe(true);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);

    const home = await visitor.request('/');
    expect(home.status).toBe(200);
    const page = await home.text();
    expect(page).toContain('Cartório Alfa');
    expect(page).toContain(user.email.toLowerCase());
    expect(page).toContain('Financeiro');
    expect(page).toMatch(/R\$ 1\.234,56/);
  });

  it('answers a wrong password with the form and a generic message; locks after 5, even for the right password', async () => {
    const user = await userWithBalance('Cartório Beta', 0);
    const visitor = new ConsoleVisitor(server.url);
    for (let attempt = 1; attempt < DEFAULT_LOCKOUT_POLICY.freeFailures; attempt += 1) {
      const refused = await visitor.signIn(user.email, `errada numero ${attempt}`);
      expect(refused.status).toBe(401);
      const page = await refused.text();
      expect(page).toContain('E-mail ou senha incorretos.');
      expect(page).toContain(`value="${user.email.toLowerCase()}"`);
      expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    const locking = await visitor.signIn(user.email, 'errada numero 5');
    expect(locking.status).toBe(429);
    const rightButLocked = await visitor.signIn(user.email, user.password);
    expect(rightButLocked.status).toBe(429);
    expect(Number(rightButLocked.headers.get('retry-after'))).toBe(DEFAULT_LOCKOUT_POLICY.firstLockMs / 1000);
    // The lock's end in Brasília's time (UTC-3): START is 12:00Z, so 09:01.
    expect(await rightButLocked.text()).toContain(
      'Acesso bloqueado por excesso de tentativas. Tente novamente após 24/11/2026, 09:01',
    );
    expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a sign-in without the form’s CSRF token, and escapes what the person typed', async () => {
    const user = await userWithBalance('Cartório Gama', 0);
    const visitor = new ConsoleVisitor(server.url);
    await visitor.openSignInForm();
    const forged = await visitor.request('/entrar', {
      form: { csrf: 'x'.repeat(43), email: user.email, senha: user.password },
    });
    expect(forged.status).toBe(403);
    expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
    const typed = await visitor.signIn('"><script>alert(1)</script>@x', 'qualquer senha longa');
    expect(typed.status).toBe(401);
    const page = await typed.text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('sends home without a session to /entrar, and refuses POST /sair without the session’s CSRF token', async () => {
    const anonymous = new ConsoleVisitor(server.url);
    const home = await anonymous.request('/');
    expect(home.status).toBe(303);
    expect(home.headers.get('location')).toBe('/entrar');

    const user = await userWithBalance('Cartório Delta', 0);
    const visitor = new ConsoleVisitor(server.url);
    await visitor.signIn(user.email, user.password);
    const homePage = await (await visitor.request('/')).text();
    expect((await visitor.request('/sair', { form: {} })).status).toBe(403);
    expect((await visitor.request('/sair', { form: { csrf: 'y'.repeat(43) } })).status).toBe(403);
    expect((await visitor.request('/')).status).toBe(200);

    const signedOut = await visitor.request('/sair', { form: { csrf: csrfOf(homePage) } });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/entrar');
    expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('ends the session server-side at sign-out: the old cookie no longer opens the home page', async () => {
    const user = await userWithBalance('Cartório Épsilon', 0);
    const visitor = new ConsoleVisitor(server.url);
    await visitor.signIn(user.email, user.password);
    const token = visitor.cookies.get(SESSION_COOKIE) ?? '';
    const homePage = await (await visitor.request('/')).text();
    await visitor.request('/sair', { form: { csrf: csrfOf(homePage) } });
    const replay = new ConsoleVisitor(server.url);
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.request('/')).status).toBe(303);
  });

  it("shows each session only its own account's data", async () => {
    const first = await userWithBalance('Cartório Um', 10_000);
    const second = await userWithBalance('Cartório Dois', 98_765);
    const visitorOne = new ConsoleVisitor(server.url);
    const visitorTwo = new ConsoleVisitor(server.url);
    await visitorOne.signIn(first.email, first.password);
    await visitorTwo.signIn(second.email, second.password);
    const pageOne = await (await visitorOne.request('/')).text();
    const pageTwo = await (await visitorTwo.request('/')).text();
    expect(pageOne).toContain('Cartório Um');
    expect(pageOne).toContain(first.email.toLowerCase());
    expect(pageOne).toMatch(/R\$ 100,00/);
    for (const other of ['Cartório Dois', second.email.toLowerCase(), '987,65']) expect(pageOne).not.toContain(other);
    expect(pageTwo).toContain('Cartório Dois');
    expect(pageTwo).toMatch(/R\$ 987,65/);
    for (const other of ['Cartório Um', first.email.toLowerCase(), '100,00']) expect(pageTwo).not.toContain(other);
  });

  it('answers unknown addresses and an oversized form with HTML pages', async () => {
    const visitor = new ConsoleVisitor(server.url);
    const missing = await visitor.request('/nada');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    const csrf = await visitor.openSignInForm();
    const huge = await visitor.request('/entrar', { form: { csrf, email: 'a@b', senha: 'x'.repeat(10_000) } });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
