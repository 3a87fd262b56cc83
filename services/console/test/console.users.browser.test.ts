import { ManualClock } from '@regapi/calendar';
import { createAccount } from '@regapi/ledger';
import { accessibilityProblems, describeAccessibilityProblems, saveScreenshot } from '@regapi/testkit/browser';
import { TOTP } from 'otpauth';
import { listUnsentMail } from '../src';
import { type ConsolePage, cspViolations, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { useConsole } from './support/use-console';

// Issue 15 in Chromium: an administrator invites a person on /usuarios; the invitation link (from the outbox, as
// `pnpm ops mail list` shows it) opens, the person chooses a password and lands signed in; then turns TOTP on in
// "Minha conta" and signs in again through the code step. axe on every page added; screenshots for docs/console.md.

// The real time: the browser drops a cookie whose expiry (from this clock) is already past.
const clock = new ManualClock(new Date());
const { database, server, chromium } = useConsole(clock, {
  console: { publicUrl: 'http://console.invalid' },
  browser: true,
});

type Page = ConsolePage;

async function noSeriousProblems(page: Page): Promise<void> {
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
}

it('invite → link → password → signed in; TOTP on; sign-in asks for the code', async () => {
  const { id: accountId } = await createAccount(database.db, { name: 'Cartório dos Convites' });
  const admin = await createTestUser(database.db, clock, { accountId, role: 'administrador' });
  const page = await chromium.newPage();
  const blocked = cspViolations(page);

  await signInThroughForm(page, server.url, { email: admin.email, password: admin.password });
  await page.getByRole('link', { name: 'Usuários' }).click();
  await page.waitForURL(`${server.url}/usuarios`);
  await page.getByLabel('E-mail', { exact: true }).fill('pessoa.convidada@exemplo.com.br');
  await page.getByLabel('Perfil', { exact: true }).selectOption('desenvolvimento');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await page.locator('#aviso').waitFor();
  expect(await page.locator('tr[data-usuario="pessoa.convidada@exemplo.com.br"]').textContent()).toContain(
    'Convite pendente',
  );
  await noSeriousProblems(page);
  await saveScreenshot(page, 'console-usuarios');
  await page.context().close();

  // The link as an operator reads it from the outbox, opened in another browser profile (the invited person's).
  const [mail] = await listUnsentMail(database.db, { accountId });
  const link = /http:\/\/console\.invalid(\/convite\/[A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
  expect(link).toBeDefined();
  const person = await chromium.newPage();
  const blockedForPerson = cspViolations(person);
  await person.goto(`${server.url}${link}`);
  expect(await person.locator('#email').textContent()).toBe('pessoa.convidada@exemplo.com.br');
  await noSeriousProblems(person);
  await saveScreenshot(person, 'console-convite');
  const password = 'senha escolhida no convite';
  await person.getByLabel(/^Nova senha/).fill(password);
  await person.getByLabel('Repita a nova senha').fill(password);
  await person.getByRole('button', { name: 'Criar senha e entrar' }).click();
  await person.waitForURL(`${server.url}/`);
  expect(await person.locator('#email').textContent()).toBe('pessoa.convidada@exemplo.com.br');
  expect(await person.locator('#perfil').textContent()).toBe('Desenvolvimento');

  // The used link: a clear page.
  const used = await person.goto(`${server.url}${link}`);
  expect(used?.status()).toBe(410);
  await noSeriousProblems(person);

  await person.goto(`${server.url}/`);
  await person.getByRole('link', { name: 'Minha conta' }).click();
  await person.waitForURL(`${server.url}/seguranca`);
  await noSeriousProblems(person);
  await person.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await person.locator('#totp-chave').waitFor();
  expect(await person.locator('.qr svg').count()).toBe(1);
  await noSeriousProblems(person);
  await saveScreenshot(person, 'console-seguranca');
  const secret = (await person.locator('#totp-chave').textContent())?.replace(/\s+/g, '') ?? '';
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  await person.getByLabel('Código do aplicativo').fill(totp.generate({ timestamp: clock.now().getTime() }));
  await person.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await person.locator('#aviso').waitFor();
  expect(await person.locator('#totp-estado').textContent()).toContain('ativa');

  await person.getByRole('button', { name: 'Sair' }).click();
  await person.waitForURL(`${server.url}/entrar`);
  clock.advance(30_000);
  await person.getByLabel('E-mail').fill('pessoa.convidada@exemplo.com.br');
  await person.getByLabel('Senha').fill(password);
  await person.getByRole('button', { name: 'Entrar' }).click();
  await person.waitForURL(`${server.url}/entrar/codigo`);
  await noSeriousProblems(person);
  await saveScreenshot(person, 'console-entrar-codigo');
  await person.getByLabel('Código').fill(totp.generate({ timestamp: clock.now().getTime() }));
  await person.getByRole('button', { name: 'Confirmar' }).click();
  await person.waitForURL(`${server.url}/`);
  expect(await person.locator('#email').textContent()).toBe('pessoa.convidada@exemplo.com.br');

  await person.getByRole('button', { name: 'Sair' }).click();
  await person.waitForURL(`${server.url}/entrar`);
  await person.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await person.waitForURL(`${server.url}/senha/esqueci`);
  await person.getByLabel('E-mail').fill('pessoa.convidada@exemplo.com.br');
  await person.getByRole('button', { name: 'Enviar link' }).click();
  await person.locator('#aviso').waitFor();
  await noSeriousProblems(person);
  const reset = (await listUnsentMail(database.db, { accountId })).find((message) => message.subject.includes('senha'));
  const resetLink = /http:\/\/console\.invalid(\/senha\/nova\/[A-Za-z0-9_-]{43})/.exec(reset?.body ?? '')?.[1];
  await person.goto(`${server.url}${resetLink}`);
  await noSeriousProblems(person);
  expect([...blocked, ...blockedForPerson]).toEqual([]);
  await person.context().close();
});
