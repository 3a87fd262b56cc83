import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ManualClock } from '@regapi/calendar';
import { createAccount, debitOrder, refundOrder, topUp } from '@regapi/ledger';
import { accessibilityProblems, describeAccessibilityProblems, saveScreenshot } from '@regapi/testkit/browser';
import { cspViolations, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { useConsole } from './support/use-console';

// The money pages in Chromium (issue 15): statement, its CSV download, a month, the charts under the console's CSP.

const clock = new ManualClock(new Date());
const { database, server, chromium } = useConsole(clock, { browser: true });

it('financeiro reads the statement, downloads its CSV, opens a month and the charts; every page passes axe', async () => {
  const { id: accountId } = await createAccount(database.db, { name: 'Cartório do Extrato' });
  await database.db
    .transaction()
    .execute((trx) => topUp(trx, { accountId, amountCentavos: 20_000, reference: 'pix-001' }));
  for (const [fonte, centavos] of [
    ['pesquisa-previa-bens', 4250],
    ['certidao-inteiro-teor', 9800],
    ['visualizacao-matricula', 3500],
  ] as const) {
    const orderId = randomUUID();
    await database.db
      .transaction()
      .execute((trx) =>
        debitOrder(trx, { accountId, orderId, protocolo: `${Date.now()}`, fonte, uf: 'SP', amountCentavos: centavos }),
      );
    if (fonte === 'visualizacao-matricula') {
      await database.db
        .transaction()
        .execute((trx) => refundOrder(trx, { orderId, reason: 'matrícula não encontrada', code: 613 }));
    }
  }
  await database.db
    .updateTable('account')
    .set({ low_balance_threshold_centavos: 50_000 })
    .where('id', '=', accountId)
    .execute();
  const user = await createTestUser(database.db, clock, { accountId, role: 'financeiro' });
  const page = await chromium.newPage({ acceptDownloads: true });
  const blocked = cspViolations(page);

  await signInThroughForm(page, server.url, { email: user.email, password: user.password });
  expect(await page.getByRole('status').textContent()).toContain('Saldo abaixo do limite de alerta');

  await page.getByRole('link', { name: 'Extrato', exact: true }).click();
  await page.waitForURL(`${server.url}/extrato`);
  expect(await page.locator('#saldo').textContent()).toMatch(/^R\$ 59,50$/);
  expect(await page.locator('#lancamentos tbody tr').count()).toBe(5);
  expect(await page.getByRole('status').first().textContent()).toContain('Saldo abaixo do limite de alerta');
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
  await saveScreenshot(page, 'console-extrato');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^extrato-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{4}-[0-9]{2}-[0-9]{2}\.csv$/);
  const path = await download.path();
  const csv = await readFile(path, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'data_hora,lancamento_id,tipo,valor,saldo_apos,protocolo,fonte,uf,codigo_resultado,classe_resultado,referencia,motivo,referencia_pagamento,referencia_cliente',
  );
  expect(csv.split('\r\n')).toHaveLength(7);
  // The same lines for a spreadsheet in Portuguese (decision 0144).
  const [brazilian] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar CSV para planilha em português' }).click(),
  ]);
  expect(brazilian.suggestedFilename()).toMatch(/-pt-BR\.csv$/);
  const spreadsheet = await readFile(await brazilian.path(), 'utf8');
  expect(spreadsheet.startsWith('\uFEFFdata_hora;lancamento_id;')).toBe(true);
  expect(spreadsheet.split('\r\n')).toHaveLength(7);

  // The filter form works without script: only the refunds.
  await page.getByLabel('Tipo', { exact: true }).selectOption('estorno');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.waitForURL(/tipo=estorno/);
  expect(await page.locator('#lancamentos tbody tr').count()).toBe(1);

  await page.getByRole('link', { name: 'Extratos mensais' }).click();
  await page.waitForURL(`${server.url}/extrato/mensal`);
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
  await page.locator('#meses a').first().click();
  await page.waitForURL(/\/extrato\/mensal\/[0-9]{4}-[0-9]{2}$/);
  expect(await page.locator('#saldo-inicial').textContent()).toMatch(/^R\$ 0,00$/);
  expect(await page.locator('#saldo-final').textContent()).toMatch(/^R\$ 59,50$/);
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
  await saveScreenshot(page, 'console-extrato-mensal');

  await page.getByRole('link', { name: 'Gráficos' }).click();
  await page.waitForURL(`${server.url}/graficos`);
  // Each chart is an image that loaded (the SVG came through under the page's CSP) and has a name.
  for (const id of ['gasto-por-dia', 'gasto-por-produto', 'pedidos-por-classe']) {
    const image = page.locator(`#grafico-${id}`);
    await image.scrollIntoViewIfNeeded();
    const loaded = `document.getElementById('grafico-${id}').complete`;
    await page.waitForFunction(loaded, undefined, { timeout: 10_000 });
    expect(await page.evaluate<number>(`document.getElementById('grafico-${id}').naturalWidth`)).toBe(720);
    expect(await image.getAttribute('alt')).toMatch(/últimos 30 dias/);
  }
  await page.getByText('Números de “Gasto por produto”').click();
  expect(await page.locator('#tabela-gasto-por-produto').isVisible()).toBe(true);
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
  await page.evaluate('window.scrollTo(0, 0)');
  await saveScreenshot(page, 'console-graficos');
  await page.getByLabel('Período', { exact: true }).selectOption('90');
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await page.waitForURL(/dias=90/);
  expect(await page.locator('#grafico-gasto-por-dia').getAttribute('src')).toBe('/graficos/gasto-por-dia.svg?dias=90');

  expect(blocked).toEqual([]);
  await page.context().close();
});
