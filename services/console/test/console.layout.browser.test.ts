import { ManualClock } from '@regapi/calendar';
import { createAccount, topUp } from '@regapi/ledger';
import { saveScreenshot } from '@regapi/testkit/browser';
import { issueToken } from '@regapi/tokens';
import { type ConsolePage, cspViolations, expectAccessible, signInThroughForm, tabTo } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { TEST_CONSOLE_KEYRING } from './support/console-web';
import { useConsole } from './support/use-console';

// Issue 29, console looks: at common widths and on a phone the brand, every menu item and "Sair" never overlap and
// the page never scrolls sideways; the tokens table stays inside its box; the UF is a list of the 27; the home page
// shows the balance, the month's spend, the balance trend and the first steps of a new account.

const clock = new ManualClock(new Date());
/** The public documentation's address, as CONSOLE_DOCS_URL sets it (docs/decisions/0156). */
const DOCS_URL = 'https://docs.example.com/regapi/api';
const { database, server, chromium } = useConsole(clock, { browser: true, console: { docsUrl: DOCS_URL } });

const WIDTHS = [1280, 1024, 375] as const;

interface Box {
  readonly name: string;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The boxes of the header's brand, each menu link and the "Sair" button, as laid out. */
async function headerBoxes(page: ConsolePage): Promise<Box[]> {
  return page.evaluate<Box[]>(`[...document.querySelectorAll('header .marca, header nav a, header button')].map((e) => {
    const r = e.getBoundingClientRect();
    return { name: e.textContent.trim(), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  })`);
}

function overlapping(boxes: readonly Box[]): string[] {
  const found: string[] = [];
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        found.push(`${a.name} × ${b.name}`);
      }
    }
  }
  return found;
}

async function sidewaysOverflow(page: ConsolePage): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

describe('console layout in Chromium', () => {
  it('header, tokens table, UF list and home at 1280, 1024 and 375 px; axe on each page', async () => {
    const { id: accountId } = await createAccount(database.db, { name: 'Escritório de Layout Com Um Nome Longo' });
    const user = await createTestUser(database.db, clock, { accountId, role: 'administrador' });
    const page = await chromium.newPage();
    const blocked = cspViolations(page);
    await signInThroughForm(page, server.url, { email: user.email, password: user.password });

    // A new account: the first steps lead — a token, the sandbox, the documentation (at its configured address, reached
    // by keyboard) — with a link to a sandbox token.
    expect(await page.locator('#primeiros-passos').count()).toBe(1);
    const docs = page.locator('#primeiros-passos').getByRole('link', { name: 'Leia a documentação da API' });
    expect(await docs.getAttribute('href')).toBe(DOCS_URL);
    await tabTo(page, docs);
    await expectAccessible(page);
    expect(await page.getByRole('link', { name: 'Experimente o sandbox' }).getAttribute('href')).toBe(
      '/tokens/novo?ambiente=teste',
    );
    await page.getByRole('link', { name: 'Experimente o sandbox' }).click();
    expect(await page.getByLabel('Teste (sandbox)').isChecked()).toBe(true);

    // Money and a token with long cells: the home's numbers and the tokens table have something to lay out.
    await database.db.transaction().execute((trx) => topUp(trx, { accountId, amountCentavos: 123_456 }));
    for (const name of ['Integração do sistema de gestão imobiliária da matriz', 'ERP']) {
      await issueToken(database.db, TEST_CONSOLE_KEYRING, clock, {
        ttlSeconds: 90 * 86_400,
        accountId,
        scopes: [
          'consultas:pesquisa-previa-bens',
          'consultas:visualizacao-matricula',
          'consultas:certidao-inteiro-teor',
        ],
        name,
        createdBy: user.id,
        allowedNetworks: ['2001:db8:85a3:1234:5678:8a2e:370:7334/128', '203.0.113.0/24'],
      });
    }

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`${server.url}/`);
      expect(await page.locator('#primeiros-passos').count()).toBe(0);
      expect(await page.locator('#saldo').textContent()).toBe('R$ 1.234,56');
      expect(await page.locator('#gasto-mes').textContent()).toBe('R$ 0,00');
      const trend = page.locator('#tendencia-saldo');
      expect(await trend.getAttribute('alt')).toContain('para R$ 1.234,56');
      // The chart's SVG loaded under the page's CSP (a broken image has no natural width).
      expect(await page.evaluate<boolean>("document.querySelector('#tendencia-saldo').naturalWidth > 0")).toBe(true);
      expect(overlapping(await headerBoxes(page))).toEqual([]);
      // The brand, the test-mode switch (decision 0146), the 12 menu links and "Sair".
      expect(await headerBoxes(page)).toHaveLength(1 + 1 + 12 + 1);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await saveScreenshot(page, `console-inicio-${width}`);

      await page.goto(`${server.url}/tokens`);
      expect(overlapping(await headerBoxes(page))).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      // The table fits its box at desktop widths; on a phone it scrolls inside it, never the page.
      const fit = await page.evaluate<{ table: number; box: number; boxRight: number; main: number }>(`(() => {
        const table = document.querySelector('table');
        const box = table.parentElement;
        const main = document.querySelector('main').getBoundingClientRect();
        return { table: table.getBoundingClientRect().width, box: box.clientWidth, boxRight: box.getBoundingClientRect().right, main: main.right };
      })()`);
      expect(fit.boxRight).toBeLessThanOrEqual(fit.main + 0.5);
      if (width >= 1024) expect(fit.table).toBeLessThanOrEqual(fit.box + 0.5);
      await expectAccessible(page);
      if (width === 1280) await saveScreenshot(page, 'console-tokens-lista-larga');
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/consultar/pesquisa-previa-bens`);
    const uf = page.getByLabel('UF', { exact: true });
    expect(await page.evaluate<string>("document.querySelector('#campo-uf').tagName")).toBe('SELECT');
    expect(await uf.locator('option').allTextContents()).toHaveLength(1 + 27);
    await uf.selectOption('MG');
    expect(await uf.inputValue()).toBe('MG');
    await page.goto(`${server.url}/tokens/novo`);
    expect(await page.content()).not.toMatch(/docs\/|\.md\b/);

    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
