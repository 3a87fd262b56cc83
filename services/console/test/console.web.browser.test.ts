import { ManualClock } from '@regapi/calendar';
import { createAccount, topUp } from '@regapi/ledger';
import { saveScreenshot } from '@regapi/testkit/browser';
import { DEFAULT_CONSOLE_DOCS_URL, SESSION_COOKIE } from '../src';
import { cspViolations, expectAccessible } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { useConsole } from './support/use-console';

// The real time: the browser drops a cookie whose expiry (the session's, from this clock) is already past.
const clock = new ManualClock(new Date());
const { database, server, chromium } = useConsole(clock, { browser: true });

describe('console in Chromium', () => {
  it('signs in through the form over http://127.0.0.1, lands on home with the e-mail, and both pages pass axe', async () => {
    const { id: accountId } = await createAccount(database.db, { name: 'Cartório do Navegador' });
    await database.db.transaction().execute((trx) => topUp(trx, { accountId, amountCentavos: 250_075 }));
    const user = await createTestUser(database.db, clock, { accountId, role: 'administrador' });
    const page = await chromium.newPage();
    const blocked = cspViolations(page);

    await page.goto(`${server.url}/entrar`);
    // The local stylesheet applied under the CSP (no CDN): the header's colour is the console's own.
    const headerColour = await page.evaluate<string>(
      "getComputedStyle(document.querySelector('header')).backgroundColor",
    );
    expect(headerColour).toBe('rgb(11, 61, 92)');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-entrar');

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha').fill(user.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${server.url}/`);

    expect(await page.locator('#email').textContent()).toBe(user.email.toLowerCase());
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Cartório do Navegador');
    expect(await page.locator('#saldo').textContent()).toMatch(/^R\$ 2\.500,75$/);
    // Secure and __Host- cookies are kept on http://127.0.0.1 (a potentially trustworthy origin): the session is there.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
    });
    // A new account's first steps link to the API documentation; unset CONSOLE_DOCS_URL, the default (decision 0156).
    expect(
      await page
        .locator('#primeiros-passos')
        .getByRole('link', { name: 'Leia a documentação da API' })
        .getAttribute('href'),
    ).toBe(DEFAULT_CONSOLE_DOCS_URL);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-inicio');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${server.url}/entrar`);
    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
