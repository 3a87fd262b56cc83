import { ManualClock } from '@regapi/calendar';
import { createAccount, topUp } from '@regapi/ledger';
import { issueToken } from '@regapi/tokens';
import { loadQuoteCatalog } from '../../gateway/test/support/quote-catalog';
import { DEFAULT_LOCKOUT_POLICY } from '../src';
import { type ConsolePage, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { ConsoleVisitor, csrfOf } from './support/console-web';
import { useConsole } from './support/use-console';

// Issue 15, "Tested in a real browser": who may reach what, as a person in Chromium would try it — a wrong password
// locks, a financeiro has no tokens, and account A reaches no page or file of account B, URLs typed by hand included.

// The real time: the browser drops a cookie whose expiry (the session's, from this clock) is already past.
const clock = new ManualClock(new Date());
const { database, gateway, server, chromium } = useConsole(clock, { gateway: {}, browser: true });

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
});

async function fundedAccount(name: string): Promise<string> {
  const { id } = await createAccount(database.db, { name });
  await database.db.transaction().execute((trx) => topUp(trx, { accountId: id, amountCentavos: 100_000 }));
  return id;
}

async function expectNotFound(page: ConsolePage, path: string): Promise<void> {
  const answer = await page.goto(`${server.url}${path}`);
  expect({ path, status: answer?.status() }).toEqual({ path, status: 404 });
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Página não encontrada');
}

it('a wrong password, again and again, locks the user: the right one is then refused too', async () => {
  const user = await createTestUser(database.db, clock, { accountId: await fundedAccount('Conta do Bloqueio') });
  const page = await chromium.newPage();
  for (let attempt = 1; attempt <= DEFAULT_LOCKOUT_POLICY.freeFailures; attempt += 1) {
    await page.goto(`${server.url}/entrar`);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha').fill(`senha errada ${attempt}`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForLoadState();
  }
  expect(await page.getByRole('alert').textContent()).toMatch(/^Acesso bloqueado por excesso de tentativas/);
  await page.getByLabel('Senha').fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForLoadState();
  expect(page.url()).toBe(`${server.url}/entrar`);
  expect(await page.getByRole('alert').textContent()).toMatch(/^Acesso bloqueado/);
  await page.close();
});

it('a financeiro has no Tokens in the menu, and /tokens typed by hand is refused', async () => {
  const user = await createTestUser(database.db, clock, {
    accountId: await fundedAccount('Conta da Financeira'),
    role: 'financeiro',
  });
  const page = await chromium.newPage();
  await signInThroughForm(page, server.url, user);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  expect(await menu.getByRole('link', { name: 'Extrato' }).count()).toBe(1);
  expect(await menu.getByRole('link', { name: 'Tokens' }).count()).toBe(0);
  for (const path of ['/tokens', '/tokens/novo', '/auditoria', '/usuarios']) {
    const answer = await page.goto(`${server.url}${path}`);
    expect({ path, status: answer?.status() }).toEqual({ path, status: 403 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Acesso restrito');
  }
  await page.close();
});

it("account A's administrator reaches no page or file of account B, by link or by typed URL", async () => {
  const accountA = await fundedAccount('Conta A');
  const accountB = await fundedAccount('Conta B');
  const adminA = await createTestUser(database.db, clock, { accountId: accountA, role: 'administrador' });
  const consultaB = await createTestUser(database.db, clock, { accountId: accountB, role: 'consulta' });

  // B's order, run from the console by B's user; B's token, issued as the console issues them.
  const visitorB = new ConsoleVisitor(server.url);
  expect((await visitorB.signIn(consultaB.email, consultaB.password)).status).toBe(303);
  const form = await (await visitorB.request('/consultar/pesquisa-previa-bens')).text();
  const nonce = /name="nonce" value="([^"]+)"/.exec(form)?.[1] ?? '';
  const executed = await visitorB.request('/consultar/pesquisa-previa-bens/executar', {
    form: { csrf: csrfOf(form), nonce, cpf_cnpj: '529.982.247-25', uf: 'SP' },
  });
  expect(executed.status).toBe(303);
  const orderPath = String(executed.headers.get('location'));
  const protocolo = orderPath.split('/').pop() ?? '';
  const tokenB = await issueToken(database.db, gateway.keyring, clock, {
    accountId: accountB,
    scopes: ['consultas:pesquisa-previa-bens'],
    ttlSeconds: 86_400,
    name: 'Integração da conta B',
  });

  const page = await chromium.newPage();
  await signInThroughForm(page, server.url, adminA);
  await page.goto(`${server.url}/pedidos`);
  expect(await page.content()).not.toContain(protocolo);
  await page.goto(`${server.url}/tokens`);
  expect(await page.content()).not.toContain('Integração da conta B');
  await page.goto(`${server.url}/usuarios`);
  expect(await page.content()).not.toContain(consultaB.email);

  await expectNotFound(page, orderPath);
  await expectNotFound(page, `${orderPath}/documento`);
  await expectNotFound(page, `/tokens/${tokenB.tokenId}/revogar`);
  // B's own view of the same order still works: the 404 is about who asks.
  expect((await visitorB.request(orderPath)).status).toBe(200);
  await page.close();
});
