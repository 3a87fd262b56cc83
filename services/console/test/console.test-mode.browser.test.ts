import { randomBytes, randomUUID } from 'node:crypto';
import { formatBrl } from '@regapi/br';
import { ManualClock } from '@regapi/calendar';
import type { RunningServer } from '@regapi/http';
import { SANDBOX_TIME_SCALE_SETTING } from '@regapi/orders';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { launchChromium, saveScreenshot, type TestChromium } from '@regapi/testkit/browser';
import { sql } from 'kysely';
import { loadQuoteCatalog } from '../../gateway/test/support/quote-catalog';
import {
  call,
  newAccount,
  newToken,
  startTestGateway,
  type TestGateway,
} from '../../gateway/test/support/test-gateway';
import { type ConsolePage, cspViolations, expectAccessible, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { startConsole } from './support/console-web';

// Issue 29 item 5 in Chromium (docs/decisions/0146): the header's "Modo de teste" switch turns the session's view to
// the sandbox — its orders, statement and webhook endpoints, from the sandbox's own database — under a banner and
// another colour; the choice is kept with the session (a new sign-in starts in production); a webhook registered in
// test mode is the sandbox's; an installation without a sandbox says so. axe on every page, keyboard-only switching.

jest.setTimeout(120_000);

const IMOVEL = { cpf_cnpj: '123.456.789-09', imovel_cartorio: 2, imovel_municipio: 'Campinas', imovel_uf: 'SP' };
const SCOPES = ['consultas:visualizacao-matricula'];
const PRODUCTION_HOOK = 'https://erp.example.com/avisos-producao';
const SANDBOX_HOOK = 'https://erp.example.com/avisos-teste';
const CONSOLE_HOOK = 'https://erp.example.com/avisos-do-console-em-teste';

// The real time: the browser drops a cookie whose expiry (the session's, from this clock) is already past.
const clock = new ManualClock(new Date());
let production: TestDatabase;
let sandbox: TestDatabase;
let gateway: TestGateway;
let server: RunningServer;
let withoutSandbox: RunningServer;
let chromium: TestChromium;
let accountId: string;
let productionOrder: string;
let sandboxOrder: string;
let user: Awaited<ReturnType<typeof createTestUser>>;

async function order(token: string, matricula: string): Promise<string> {
  const answer = await call(`${gateway.url}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    body: { ...IMOVEL, imovel_matricula: matricula },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (answer.status !== 202) throw new Error(`order refused: ${JSON.stringify(answer.body)}`);
  return String(answer.body.data[0]?.protocolo);
}

async function webhook(token: string, url: string): Promise<void> {
  const answer = await call(`${gateway.url}/v1/webhooks`, {
    method: 'POST',
    token,
    body: { url, eventos: ['consulta.finalizada'] },
  });
  if (answer.status !== 201) throw new Error(`webhook refused: ${JSON.stringify(answer.body)}`);
}

beforeAll(async () => {
  [production, sandbox] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([loadQuoteCatalog(production.db), loadQuoteCatalog(sandbox.db)]);
  // Test databases are copies of one migrated template, so they share the protocolo key; a real sandbox database is
  // migrated on its own and has its own key. Without this, each database's first order would have the same protocolo.
  await sql`UPDATE protocolo_secret SET secret = ${randomBytes(32)}`.execute(sandbox.db);
  gateway = await startTestGateway(production, {
    clock,
    sandbox: { db: sandbox, timeScale: SANDBOX_TIME_SCALE_SETTING.default },
  });
  accountId = await newAccount(gateway.adminUrl, 'Escritório do Modo de Teste', '100.00');
  const productionToken = (await newToken(gateway.adminUrl, accountId, SCOPES)).token;
  const sandboxToken = (await newToken(gateway.adminUrl, accountId, SCOPES, '30d', 'teste')).token;
  productionOrder = await order(productionToken, '1001');
  sandboxOrder = await order(sandboxToken, '2002');
  await webhook(productionToken, PRODUCTION_HOOK);
  await webhook(sandboxToken, SANDBOX_HOOK);
  user = await createTestUser(production.db, clock, { accountId, role: 'administrador' });
  server = await startConsole(production, clock, {
    keyring: gateway.keyring,
    apiBaseUrl: gateway.url,
    sandbox,
  });
  withoutSandbox = await startConsole(production, clock, { keyring: gateway.keyring, apiBaseUrl: gateway.url });
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await Promise.all([server?.close(), withoutSandbox?.close()]);
  await gateway?.close();
  await Promise.all([production?.drop(), sandbox?.drop()]);
});

/** What the page shows of the mode: the switch's state, the banner, the body's class. */
async function modeOf(page: ConsolePage) {
  return {
    pressed: await page.locator('#modo-teste').getAttribute('aria-pressed'),
    banner: await page.locator('#faixa-teste').count(),
    bodyClass: (await page.locator('body').getAttribute('class')) ?? '',
  };
}

const PRODUCTION_LOOK = { pressed: 'false', banner: 0, bodyClass: '' };
const TEST_LOOK = { pressed: 'true', banner: 1, bodyClass: 'modo-teste' };

describe('the console test mode in Chromium', () => {
  it('shows the sandbox orders, statement and webhooks behind the switch, marked, and back', async () => {
    const page = await chromium.newPage();
    const blocked = cspViolations(page);
    await signInThroughForm(page, server.url, user);
    expect(await modeOf(page)).toEqual(PRODUCTION_LOOK);

    // Production: its own order and endpoint, none of the sandbox's.
    await page.goto(`${server.url}/pedidos`);
    expect(await page.locator('#pedidos').textContent()).toContain(productionOrder);
    expect(await page.locator('#pedidos').textContent()).not.toContain(sandboxOrder);

    // The switch, from the orders page, comes back to it in test mode.
    await page.getByRole('button', { name: 'Modo de teste' }).click();
    await page.waitForURL(`${server.url}/pedidos`);
    expect(await modeOf(page)).toEqual(TEST_LOOK);
    expect(await page.locator('#faixa-teste').textContent()).toContain('sandbox');
    const orders = (await page.locator('#pedidos').textContent()) ?? '';
    expect(orders).toContain(sandboxOrder);
    expect(orders).not.toContain(productionOrder);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-modo-teste-pedidos');

    // A sandbox order's page polls the API with the session's teste token.
    await page.getByRole('link', { name: sandboxOrder }).click();
    await page.waitForURL(`${server.url}/pedidos/${sandboxOrder}`);
    expect(await page.getByRole('heading', { name: `Pedido ${sandboxOrder}` }).count()).toBe(1);
    expect((await page.goto(`${server.url}/pedidos/${productionOrder}`))?.status()).toBe(404);

    // The sandbox's statement: its refill to R$ 10.000,00, which production never had.
    await page.goto(`${server.url}/extrato`);
    expect(await page.locator('#lancamentos').textContent()).toContain(formatBrl(1_000_000));
    await expectAccessible(page);
    await saveScreenshot(page, 'console-modo-teste-extrato');

    // The sandbox's webhook endpoints; one registered here is the sandbox's, audited in production's trail.
    await page.goto(`${server.url}/webhooks`);
    const hooks = (await page.locator('main').textContent()) ?? '';
    expect(hooks).toContain(SANDBOX_HOOK);
    expect(hooks).not.toContain(PRODUCTION_HOOK);
    expect(await page.locator('#ambiente-webhooks').textContent()).toContain('ambiente de teste');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-modo-teste-webhooks');
    await page.getByRole('link', { name: 'Registrar webhook' }).click();
    await page.getByLabel('URL').fill(CONSOLE_HOOK);
    await page.getByLabel(/consulta\.finalizada/).check();
    await page.getByRole('button', { name: /Registrar/ }).click();
    await page.locator('#segredo').waitFor();
    const endpointsIn = (database: TestDatabase) =>
      database.db.selectFrom('webhook_endpoint').select('url').where('account_id', '=', accountId).execute();
    expect((await endpointsIn(sandbox)).map((row) => row.url)).toContain(CONSOLE_HOOK);
    expect((await endpointsIn(production)).map((row) => row.url)).not.toContain(CONSOLE_HOOK);
    const audited = await production.db
      .selectFrom('console_audit')
      .select('params')
      .where('account_id', '=', accountId)
      .where('action', '=', 'webhook.create')
      .execute();
    expect(audited.map((row) => row.params)).toEqual([
      expect.objectContaining({ url: CONSOLE_HOOK, ambiente: 'teste' }),
    ]);

    // Its test event is the sandbox's: queued in the sandbox's database, its body saying `ambiente: teste`.
    const [registered] = await sandbox.db
      .selectFrom('webhook_endpoint')
      .select('id')
      .where('url', '=', CONSOLE_HOOK)
      .execute();
    await page.goto(`${server.url}/webhooks/${registered?.id}`);
    await page.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await page.waitForURL(/aviso=teste/);
    const testEvents = (database: TestDatabase) =>
      database.db
        .selectFrom('webhook_delivery')
        .select('payload')
        .where('account_id', '=', accountId)
        .where('event_type', '=', 'webhook.teste')
        .execute();
    expect((await testEvents(sandbox)).map((row) => (row.payload as { ambiente?: unknown }).ambiente)).toEqual([
      'teste',
    ]);
    expect(await testEvents(production)).toEqual([]);

    // A new token made in test mode is a test token unless chosen otherwise.
    await page.goto(`${server.url}/tokens/novo`);
    expect(await page.locator('input[name="ambiente"][value="teste"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="ambiente"][value="producao"]').isChecked()).toBe(false);

    // Off again, keyboard only: production's data, no banner.
    await page.goto(`${server.url}/webhooks`);
    await page.locator('#modo-teste').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/webhooks`);
    await page.locator('body:not(.modo-teste)').waitFor();
    expect(await modeOf(page)).toEqual(PRODUCTION_LOOK);
    const productionHooks = (await page.locator('main').textContent()) ?? '';
    expect(productionHooks).toContain(PRODUCTION_HOOK);
    expect(productionHooks).not.toContain(CONSOLE_HOOK);
    await expectAccessible(page);
    expect(blocked).toEqual([]);
    await page.close();
  });

  it('is kept per session: another sign-in starts in production while the first stays in test mode', async () => {
    const first = await chromium.newPage();
    await signInThroughForm(first, server.url, user);
    await first.getByRole('button', { name: 'Modo de teste' }).click();
    await first.waitForURL(`${server.url}/`);
    expect(await modeOf(first)).toEqual(TEST_LOOK);

    // Each page is a browser context of its own: another cookie jar, another session.
    const second = await chromium.newPage();
    await signInThroughForm(second, server.url, user);
    expect(await modeOf(second)).toEqual(PRODUCTION_LOOK);

    await first.goto(`${server.url}/pedidos`);
    expect(await modeOf(first)).toEqual(TEST_LOOK);
    const sessions = await production.db
      .selectFrom('console_session as s')
      .innerJoin('console_user as u', 'u.id', 's.user_id')
      .select('s.ambiente')
      .where('u.account_id', '=', accountId)
      .where('s.revoked_at', 'is', null)
      .execute();
    expect(sessions.map((row) => row.ambiente).sort()).toEqual(expect.arrayContaining(['producao', 'teste']));
    await Promise.all([first.close(), second.close()]);
  });

  it('says so where the installation runs without a sandbox', async () => {
    const page = await chromium.newPage();
    await signInThroughForm(page, withoutSandbox.url, user);
    const answer = page.waitForResponse((response) => response.url().endsWith('/modo-teste'));
    await page.getByRole('button', { name: 'Modo de teste' }).click();
    expect((await answer).status()).toBe(409);
    expect(await page.getByRole('heading', { name: 'Modo de teste indisponível' }).count()).toBe(1);
    await expectAccessible(page);
    await page.close();
  });
});
