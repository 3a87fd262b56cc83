import { TOTP } from 'otpauth';
import { SECOND_FACTOR_COOKIE, SESSION_COOKIE } from '../src';
import { createTestUser, manualClock } from './support/console-fixture';
import { ConsoleVisitor, csrfOf } from './support/console-web';
import { useConsole } from './support/use-console';

// Issue 15: the optional TOTP second factor (docs/decisions/0083): enrol on /seguranca, the code step at sign-in,
// wrong codes toward the password lockout, ±1 step, no code accepted twice. Codes are computed with the library.
// The console runs with a TOTP key: secrets are sealed at rest.

const clock = manualClock();
const { database, server } = useConsole(clock, {
  console: {
    lockout: { freeFailures: 3, firstLockMs: 60_000, maxLockMs: 60 * 60_000, forgetAfterMs: 24 * 60 * 60_000 },
    totpKey: Buffer.alloc(32, 7),
  },
});

function codeAt(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: secret.replace(/\s+/g, ''), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: clock.now().getTime() + offsetMs });
}

/** A signed-in user who turned TOTP on through the page; answers the secret the page showed. */
async function enrolled(): Promise<{
  id: string;
  accountId: string;
  email: string;
  password: string;
  secret: string;
  visitor: ConsoleVisitor;
}> {
  const user = await createTestUser(database.db, clock, { role: 'consulta' });
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  const csrf = csrfOf(await (await visitor.request('/seguranca')).text());
  const started = await visitor.request('/seguranca/2fa/iniciar', { form: { csrf } });
  expect(started.status).toBe(200);
  const page = await started.text();
  const secret = /id="totp-chave">([A-Z2-7 ]+)</.exec(page)?.[1]?.replace(/ /g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(page).toContain('otpauth://totp/regapi:');
  expect(page).toContain('<svg');
  const wrong = await visitor.request('/seguranca/2fa/confirmar', { form: { csrf, codigo: '000000' } });
  expect(wrong.status).toBe(422);
  expect(await wrong.text()).toContain(secret.slice(0, 4));
  const confirmed = await visitor.request('/seguranca/2fa/confirmar', { form: { csrf, codigo: codeAt(secret) } });
  expect(confirmed.status).toBe(200);
  expect(await confirmed.text()).toContain('Verificação em duas etapas ativada.');
  const stored = await database.db
    .selectFrom('console_user')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(stored.totp_secret).toMatch(/^v1\./);
  expect(stored.totp_secret).not.toContain(secret);
  expect(stored.totp_pending_secret).toBeNull();
  // Past the confirming code's step and the one after: the tests below may use the step before theirs.
  clock.advance(90_000);
  return { id: user.id, accountId: user.accountId, email: user.email, password: user.password, secret, visitor };
}

async function passwordStep(email: string, password: string): Promise<{ visitor: ConsoleVisitor; csrf: string }> {
  const visitor = new ConsoleVisitor(server.url);
  const answer = await visitor.signIn(email, password);
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe('/entrar/codigo');
  expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
  expect(visitor.cookies.has(SECOND_FACTOR_COOKIE)).toBe(true);
  expect((await visitor.request('/')).status).toBe(303);
  const form = await visitor.request('/entrar/codigo');
  expect(form.status).toBe(200);
  return { visitor, csrf: csrfOf(await form.text()) };
}

it('enrols, then sign-in asks for the code: the right one signs in, the same one again is refused', async () => {
  const user = await enrolled();
  const first = await passwordStep(user.email, user.password);
  const code = codeAt(user.secret);
  const done = await first.visitor.request('/entrar/codigo', { form: { csrf: first.csrf, codigo: code } });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe('/');
  expect(first.visitor.cookies.has(SESSION_COOKIE)).toBe(true);
  expect((await first.visitor.request('/')).status).toBe(200);
  // The challenge is spent.
  expect((await first.visitor.request('/entrar/codigo', { form: { csrf: first.csrf, codigo: code } })).status).toBe(
    400,
  );

  const replay = await passwordStep(user.email, user.password);
  const refused = await replay.visitor.request('/entrar/codigo', { form: { csrf: replay.csrf, codigo: code } });
  expect(refused.status).toBe(401);
  expect(replay.visitor.cookies.has(SESSION_COOKIE)).toBe(false);
  clock.advance(30_000);
  const next = await replay.visitor.request('/entrar/codigo', {
    form: { csrf: replay.csrf, codigo: codeAt(user.secret) },
  });
  expect(next.status).toBe(303);
});

it('accepts the step before and after, not two steps away', async () => {
  const user = await enrolled();
  const late = await passwordStep(user.email, user.password);
  expect(
    (await late.visitor.request('/entrar/codigo', { form: { csrf: late.csrf, codigo: codeAt(user.secret, -60_000) } }))
      .status,
  ).toBe(401);
  expect(
    (await late.visitor.request('/entrar/codigo', { form: { csrf: late.csrf, codigo: codeAt(user.secret, -30_000) } }))
      .status,
  ).toBe(303);
  clock.advance(60_000);
  const early = await passwordStep(user.email, user.password);
  expect(
    (await early.visitor.request('/entrar/codigo', { form: { csrf: early.csrf, codigo: codeAt(user.secret, 30_000) } }))
      .status,
  ).toBe(303);
});

it('wrong codes count toward the lockout; the challenge needs its CSRF token and expires after 5 minutes', async () => {
  const user = await enrolled();
  const step = await passwordStep(user.email, user.password);
  expect((await step.visitor.request('/entrar/codigo', { form: { codigo: codeAt(user.secret) } })).status).toBe(403);
  expect((await step.visitor.request('/entrar/codigo', { form: { csrf: step.csrf, codigo: '111111' } })).status).toBe(
    401,
  );
  expect((await step.visitor.request('/entrar/codigo', { form: { csrf: step.csrf, codigo: 'abc' } })).status).toBe(401);
  const locked = await step.visitor.request('/entrar/codigo', { form: { csrf: step.csrf, codigo: '222222' } });
  expect(locked.status).toBe(429);
  expect(await locked.text()).toContain('Acesso bloqueado');
  // Locked: the right code does nothing, nor does the right password.
  expect(
    (await step.visitor.request('/entrar/codigo', { form: { csrf: step.csrf, codigo: codeAt(user.secret) } })).status,
  ).toBe(429);
  expect((await new ConsoleVisitor(server.url).signIn(user.email, user.password)).status).toBe(429);
  const refusals = await database.db
    .selectFrom('console_audit as a')
    .innerJoin('console_user as u', 'u.id', 'a.user_id')
    .select(['a.action', 'a.params'])
    .where('u.email', '=', user.email.toLowerCase())
    .where('a.action', 'in', ['auth.refused', 'auth.lockout'])
    .orderBy('a.id')
    .execute();
  expect(refusals.map((row) => row.action)).toEqual(['auth.refused', 'auth.refused', 'auth.refused', 'auth.lockout']);
  expect(refusals[0]?.params).toEqual(expect.objectContaining({ factor: 'totp' }));

  clock.advance(60_000);
  const slow = await passwordStep(user.email, user.password);
  clock.advance(5 * 60_000);
  const expired = await slow.visitor.request('/entrar/codigo', {
    form: { csrf: slow.csrf, codigo: codeAt(user.secret) },
  });
  expect(expired.status).toBe(400);
  expect(await expired.text()).toContain('expirou');
});

it('turns TOTP off with the password and a code; then sign-in is one step again', async () => {
  const user = await enrolled();
  const csrf = csrfOf(await (await user.visitor.request('/seguranca')).text());
  expect(
    (
      await user.visitor.request('/seguranca/2fa/desativar', {
        form: { csrf, senha: 'errada', codigo: codeAt(user.secret) },
      })
    ).status,
  ).toBe(422);
  expect(
    (await user.visitor.request('/seguranca/2fa/desativar', { form: { csrf, senha: user.password, codigo: '000000' } }))
      .status,
  ).toBe(422);
  const off = await user.visitor.request('/seguranca/2fa/desativar', {
    form: { csrf, senha: user.password, codigo: codeAt(user.secret) },
  });
  expect(off.status).toBe(200);
  const again = await new ConsoleVisitor(server.url).signIn(user.email, user.password);
  expect(again.headers.get('location')).toBe('/');
});

it('changes one’s own password: the current one required, the other sessions end, this one stays', async () => {
  const user = await createTestUser(database.db, clock, { role: 'financeiro' });
  const other = new ConsoleVisitor(server.url);
  expect((await other.signIn(user.email, user.password)).status).toBe(303);
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  const csrf = csrfOf(await (await visitor.request('/seguranca')).text());
  const next = 'outra senha bem comprida';
  expect(
    (await visitor.request('/seguranca/senha', { form: { csrf, atual: 'errada', senha: next, senha2: next } })).status,
  ).toBe(422);
  expect(
    (
      await visitor.request('/seguranca/senha', {
        form: { csrf, atual: user.password, senha: next, senha2: 'diferente da outra' },
      })
    ).status,
  ).toBe(422);
  const changed = await visitor.request('/seguranca/senha', {
    form: { csrf, atual: user.password, senha: next, senha2: next },
  });
  expect(changed.status).toBe(200);
  expect((await visitor.request('/seguranca')).status).toBe(200);
  expect((await other.request('/seguranca')).status).toBe(303);
  expect((await new ConsoleVisitor(server.url).signIn(user.email, next)).status).toBe(303);
});

it("an administrator removes a user's lost second factor: sessions end, the next sign-in is by password alone", async () => {
  const user = await enrolled();
  const admin = await createTestUser(database.db, clock, { accountId: user.accountId, role: 'administrador' });
  const adminVisitor = new ConsoleVisitor(server.url);
  expect((await adminVisitor.signIn(admin.email, admin.password)).status).toBe(303);
  const list = await (await adminVisitor.request('/usuarios')).text();
  expect(list).toContain(`action="/usuarios/${user.id}/segundo-fator"`);
  const csrf = csrfOf(list);

  // Another account's administrator: the user does not exist for them.
  const stranger = await createTestUser(database.db, clock, { role: 'administrador' });
  const strangerVisitor = new ConsoleVisitor(server.url);
  expect((await strangerVisitor.signIn(stranger.email, stranger.password)).status).toBe(303);
  const strangerCsrf = csrfOf(await (await strangerVisitor.request('/usuarios')).text());
  const refused = await strangerVisitor.request(`/usuarios/${user.id}/segundo-fator`, { form: { csrf: strangerCsrf } });
  expect(refused.status).toBe(404);
  // Oneself: that is Minha conta's job, with password and code.
  const own = await adminVisitor.request(`/usuarios/${admin.id}/segundo-fator`, { form: { csrf } });
  expect(own.status).toBe(409);

  const reset = await adminVisitor.request(`/usuarios/${user.id}/segundo-fator`, { form: { csrf } });
  expect(reset.status).toBe(200);
  expect(await reset.text()).toContain('Segundo fator removido');
  const again = await adminVisitor.request(`/usuarios/${user.id}/segundo-fator`, { form: { csrf } });
  expect(again.status).toBe(409);

  // The user's session ended; the password alone signs them in now.
  const home = await user.visitor.request('/');
  expect(home.status).toBe(303);
  expect(home.headers.get('location')).toBe('/entrar');
  const signIn = await new ConsoleVisitor(server.url).signIn(user.email, user.password);
  expect(signIn.status).toBe(303);
  expect(signIn.headers.get('location')).toBe('/');
  const audit = await database.db
    .selectFrom('console_audit')
    .select(['user_id', 'target'])
    .where('action', '=', 'user.totp-reset')
    .execute();
  expect(audit).toEqual([{ user_id: admin.id, target: user.id }]);
});
