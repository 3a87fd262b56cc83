import { ManualClock } from '@regapi/calendar';
import { createAccount } from '@regapi/ledger';
import { saveScreenshot } from '@regapi/testkit/browser';
import { call, expectRefusedWithinCache } from '../../gateway/test/support/test-gateway';
import { cspViolations, expectAccessible, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { useConsole } from './support/use-console';

// Issue 15, Tokens in a real browser (decision 0074): sign in, create a token through the form, copy the secret from
// the page that shows it once, use it against the API, revoke it and see the API refuse it; axe on every page.

const clock = new ManualClock(new Date());
/** How long the gateway serves a token's row from memory (decision 0016: at most 2 s). */
const TOKEN_CACHE_MS = 1000;
const { database, gateway, server, chromium } = useConsole(clock, {
  gateway: { tokenCacheMs: TOKEN_CACHE_MS },
  browser: true,
});

describe('Tokens in Chromium', () => {
  it('creates a token through the form, copies the secret, uses it, lists and revokes it; axe on each page', async () => {
    const { id: accountId } = await createAccount(database.db, { name: 'Escritório dos Tokens' });
    const user = await createTestUser(database.db, clock, { accountId, role: 'administrador' });
    const page = await chromium.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const blocked = cspViolations(page);

    await signInThroughForm(page, server.url, { email: user.email, password: user.password });

    await page.getByRole('link', { name: 'Tokens', exact: true }).click();
    await page.waitForURL(`${server.url}/tokens`);
    await page.getByRole('link', { name: 'Criar token' }).click();
    await page.waitForURL(`${server.url}/tokens/novo`);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-tokens-novo');

    // Nothing filled: the form again, with the problems named.
    await page.getByLabel('Nome').fill('');
    await page.getByRole('button', { name: 'Criar token' }).click();
    await page.getByText('Dê um nome ao token').waitFor();
    expect(await page.getByText('Escolha ao menos um produto.').count()).toBe(1);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-tokens-erros');

    await page.getByLabel('Nome').fill('Integração do ERP');
    await page.getByLabel(/Pesquisa prévia de bens/).check();
    await page.getByLabel(/Visualização de matrícula/).check();
    await page.getByLabel('Validade', { exact: true }).selectOption('180d');
    await page.getByLabel('Redes permitidas (opcional)').fill('203.0.113.0/24\n127.0.0.1');
    await page.getByRole('button', { name: 'Criar token' }).click();
    await page.getByRole('heading', { name: 'Token criado' }).waitFor();

    const secret = await page.locator('#segredo').inputValue();
    // A production token, its environment visible (docs/decisions/0146).
    expect(secret).toMatch(/^regapi_producao_eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.locator('#segredo').getAttribute('readonly')).not.toBeNull();
    // The copy button exists only because the console's own script ran (no inline script: the CSP would block it).
    const copy = page.getByRole('button', { name: 'Copiar token' });
    await copy.click();
    await page.getByText('Token copiado para a área de transferência.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-tokens-segredo');

    expect((await call(`${gateway.url}/v1/token`, { token: secret })).status).toBe(200);
    const loadedBy = performance.now();

    await page.getByRole('link', { name: 'Voltar aos tokens' }).click();
    await page.waitForURL(`${server.url}/tokens`);
    const row = page.locator('tbody tr', { hasText: 'Integração do ERP' });
    expect(await row.locator('td').nth(1).textContent()).toContain(user.email.toLowerCase());
    expect(await row.textContent()).toContain('127.0.0.1/32');
    expect(await row.textContent()).toContain('Ativo');
    expect(await page.content()).not.toContain(secret);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-tokens');

    await row.getByRole('link', { name: /Revogar/ }).click();
    await page.getByRole('heading', { name: 'Revogar o token "Integração do ERP"?' }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'console-tokens-revogar');
    await page.getByRole('button', { name: 'Revogar token' }).click();
    await page.getByText('Token “Integração do ERP” revogado.').waitFor();
    expect(await page.locator('tbody tr', { hasText: 'Integração do ERP' }).textContent()).toContain('Revogado');

    // The API refuses it within the revocation bound (decision 0016: ≤ 2 s): the gateway's cache time of its load.
    const status = async () => (await call(`${gateway.url}/v1/token`, { token: secret })).status;
    await expectRefusedWithinCache(status, { loadedBy, cacheMs: TOKEN_CACHE_MS });

    await page.getByRole('link', { name: 'Auditoria' }).click();
    await page.waitForURL(`${server.url}/auditoria`);
    expect(await page.locator('tbody tr').first().textContent()).toContain('Token revogado');
    expect(await page.locator('tbody').textContent()).toContain('Token criado');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-auditoria');
    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
