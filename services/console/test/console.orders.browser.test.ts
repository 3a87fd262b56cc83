import { readFile } from 'node:fs/promises';
import { ManualClock } from '@regapi/calendar';
import type { RunningServer } from '@regapi/http';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl } from '@regapi/origin-simulator';
import {
  accessibilityProblems,
  describeAccessibilityProblems,
  launchChromium,
  saveScreenshot,
  type TestChromium,
} from '@regapi/testkit/browser';
import { createKeyring } from '@regapi/tokens';
import { startSystem, type TestSystem } from '../../../deploy/test/support/system';
import { type ConsolePage, cspViolations, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { startConsole } from './support/console-web';

// Issue 15 in Chromium, over the whole pipeline (gateway, RabbitMQ, origin-session, the origin simulator, archive,
// billing: deploy/test/support/system.ts): a consulta user runs a search from the console, sees its findings, chains
// into the record view with "Ver matrícula", confirms, reads the result and downloads its PDF. The execute button
// clicked twice charges once.

jest.setTimeout(180_000);

// The real time: the browser drops a cookie whose expiry (the session's, from this clock) is already past.
const clock = new ManualClock(new Date());
let system: TestSystem;
let server: RunningServer;
let chromium: TestChromium;
let samples: readonly OriginSample[];
type Page = ConsolePage;

beforeAll(async () => {
  system = await startSystem();
  samples = await createSimulatorControl(system.originUrl).samples();
  // The system's gateway signs with its own keyring: the console issues with the same one (JWT_KEYS in production).
  const keyring = createKeyring(new Map([['k1', 'system-test-secret-0123456789abcdef0123456789abcdef']]), 'k1');
  server = await startConsole(system.database, clock, { keyring, apiBaseUrl: system.url });
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
  await system?.close();
});

async function debits(accountId: string): Promise<number> {
  const rows = await system.database.db
    .selectFrom('ledger_transaction')
    .select('id')
    .where('account_id', '=', accountId)
    .where('kind', '=', 'order_debit')
    .execute();
  return rows.length;
}

async function checkAccessibility(page: Page): Promise<void> {
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
}

/** The order page until its result is there: the "Atualizar" link, as a person without JavaScript would. */
async function waitForResult(page: Page, selector: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await page.locator(selector).count()) > 0) return;
    const refresh = page.locator('#atualizar');
    if ((await refresh.count()) > 0) await refresh.click();
    await page.waitForTimeout(250);
  }
  throw new Error(`no ${selector} on ${page.url()}`);
}

describe('orders in Chromium', () => {
  it('search → result table → "Ver matrícula" → confirmation → result → PDF; a double click charges once', async () => {
    const owner = samples[0];
    if (owner === undefined) throw new Error('the simulator has no sample');
    const { accountId } = await system.customer('5000.00');
    const user = await createTestUser(system.database.db, clock, { accountId, role: 'consulta' });
    const page = await chromium.newPage();
    // The page's timers run on Playwright's clock, installed before the first navigation: its time flows as the real
    // one, and the refresh script's wait below is skipped forward rather than waited out.
    await page.clock.install();
    const blocked = cspViolations(page);

    await signInThroughForm(page, server.url, { email: user.email, password: user.password });

    await page.getByRole('link', { name: 'Nova consulta' }).click();
    await page.waitForURL(`${server.url}/consultar`);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-consultar');

    await page.getByRole('link', { name: 'Pesquisa prévia de bens' }).click();
    await page.getByLabel('CPF/CNPJ pesquisado').fill(owner.cpfCnpj);
    // The UF is a list of the 27 (issue 29), not free text.
    await page.getByLabel('UF', { exact: true }).selectOption(owner.uf);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-consultar-pesquisa');
    await page.getByRole('button', { name: 'Ver preço' }).click();
    await page.waitForURL(`${server.url}/consultar/pesquisa-previa-bens/orcamento`);
    expect(await page.locator('#preco').textContent()).toMatch(/^R\$ \d+,\d{2}$/);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-consultar-confirmar');

    // A double click sends the form twice: the same server-side key, one order, one charge.
    await page.getByRole('button', { name: /Confirmar e pagar/ }).dblclick();
    await page.waitForURL(/\/pedidos\/\d+$/);
    if ((await page.locator('#atualizar').count()) > 0) {
      // Still running when the page loaded: /recursos/atualizar.js fetches it again (at most 30 s, the API said 72)
      // and swaps the result in, without a click.
      expect(await page.locator('#previsao').textContent()).toMatch(/Resultado previsto em cerca de \d+ segundos/);
      // The script's wait is what the page says, at most 30 s: the page's clock jumps it (firing its timer once).
      await page.clock.fastForward(30_000);
      await page.locator('#imoveis').waitFor({ timeout: 45_000 });
    }
    await waitForResult(page, '#imoveis');
    expect(await debits(accountId)).toBe(1);
    const first = owner.imoveis[0];
    expect(await page.locator('#imoveis').textContent()).toContain(String(first?.matricula));
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-pedido');

    await page
      .getByRole('link', { name: /^Ver matrícula/ })
      .first()
      .click();
    await page.waitForURL(/\/consultar\/visualizacao-matricula\?/);
    expect(await page.getByLabel('Matrícula', { exact: true }).inputValue()).not.toBe('');
    // The record's UF arrives preselected in the list.
    expect(await page.getByLabel('UF do cartório').inputValue()).toMatch(/^[A-Z]{2}$/);
    await page.getByLabel('CPF/CNPJ do solicitante').fill(owner.cpfCnpj);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-consultar-matricula');
    await page.getByRole('button', { name: 'Ver preço' }).click();
    await page.waitForURL(`${server.url}/consultar/visualizacao-matricula/orcamento`);
    await page.getByRole('button', { name: /Confirmar e pagar/ }).click();
    await page.waitForURL(/\/pedidos\/\d+$/);
    await waitForResult(page, '#documento');
    expect(await page.locator('#codigo').textContent()).toMatch(/^Código 200/);
    expect(await page.locator('#mensagem').textContent()).toMatch(/fé pública/i);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-pedido-matricula');

    const download = page.waitForEvent('download');
    await page.locator('#documento').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^regapi-\d+\.pdf$/);
    const path = await file.path();
    expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await debits(accountId)).toBe(2);

    await page.getByRole('link', { name: 'Pedidos', exact: true }).click();
    await page.waitForURL(`${server.url}/pedidos`);
    expect(await page.locator('#pedidos tbody tr').count()).toBe(2);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-pedidos');

    await page.getByRole('link', { name: 'Status', exact: true }).click();
    await page.waitForURL(`${server.url}/status`);
    expect(await page.locator('#status tbody tr').count()).toBe(3);
    await checkAccessibility(page);
    await saveScreenshot(page, 'console-status');

    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
