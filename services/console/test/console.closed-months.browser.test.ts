import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '@regapi/calendar';
import { createFileStorage } from '@regapi/documents';
import type { RunningServer } from '@regapi/http';
import { type ClosedStatement, closeMonth, createAccount, debitOrder, extratoMonthRange, topUp } from '@regapi/ledger';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import {
  accessibilityProblems,
  describeAccessibilityProblems,
  launchChromium,
  saveScreenshot,
  type TestChromium,
} from '@regapi/testkit/browser';
import { startTestGateway, type TestGateway } from '../../gateway/test/support/test-gateway';
import { cspViolations, signInThroughForm } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { ConsoleVisitor, startConsole } from './support/console-web';

// The closed months in the console (issue 18; docs/decisions/0105, 0106): /extrato/mensal lists them with links to
// the stored PDF and CSV, fetched through the real gateway's API with the session's token. The ledger stamps entries
// with the real time, so the month closed here is the current one, closed with a `now` after its end.

const clock = new ManualClock(new Date());
const folder = mkdtempSync(path.join(tmpdir(), 'regapi-console-closed-'));
const storage = createFileStorage(folder);
let database: TestDatabase;
let gateway: TestGateway;
let server: RunningServer;
let chromium: TestChromium;
let month: string;
let closed: ClosedStatement;
let accountA: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await storage.ensureBucket();
  gateway = await startTestGateway(database, { clock, documents: storage });
  server = await startConsole(database, clock, { keyring: gateway.keyring, apiBaseUrl: gateway.url });
  chromium = await launchChromium();
  month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  ({ id: accountA } = await createAccount(database.db, { name: 'Cartório do Fechamento' }));
  await database.db.transaction().execute((trx) => topUp(trx, { accountId: accountA, amountCentavos: 20_000 }));
  await database.db.transaction().execute((trx) =>
    debitOrder(trx, {
      accountId: accountA,
      orderId: crypto.randomUUID(),
      protocolo: `${Date.now()}`,
      fonte: 'pesquisa-previa-bens',
      uf: 'SP',
      amountCentavos: 4250,
    }),
  );
  const result = await closeMonth(database.db, storage, {
    accountId: accountA,
    month,
    now: new Date(range.to.getTime() + 60_000),
  });
  if (result.kind !== 'closed') throw new Error(result.kind);
  closed = result.statement;
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
  await gateway?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

it('financeiro sees the closed month and downloads its PDF and CSV, the stored bytes; the page passes axe', async () => {
  const user = await createTestUser(database.db, clock, { accountId: accountA, role: 'financeiro' });
  const page = await chromium.newPage({ acceptDownloads: true });
  const blocked = cspViolations(page);
  await signInThroughForm(page, server.url, { email: user.email, password: user.password });
  await page.goto(`${server.url}/extrato/mensal`);
  const item = page.locator(`#meses-fechados li[data-mes="${month}"]`);
  expect(await item.textContent()).toMatch(/saldo final R\$ 157,50/);
  expect(describeAccessibilityProblems(await accessibilityProblems(page))).toBe('');
  await saveScreenshot(page, 'console-extrato-meses-fechados');

  for (const [name, format, expected] of [
    ['PDF', 'pdf', closed.pdf_sha256],
    ['CSV', 'csv', closed.csv_sha256],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('link', { name }).click()]);
    expect(download.suggestedFilename()).toBe(`extrato-${month}.${format}`);
    expect(sha256(await readFile(await download.path()))).toBe(expected);
  }
  expect(blocked).toEqual([]);
  await page.context().close();
});

it("another account's user sees no closed month and cannot download account A's", async () => {
  const { id: accountB } = await createAccount(database.db, { name: 'Outra Conta' });
  const user = await createTestUser(database.db, clock, { accountId: accountB, role: 'financeiro' });
  const visitor = new ConsoleVisitor(server.url);
  expect((await visitor.signIn(user.email, user.password)).status).toBe(303);
  const list = await visitor.request('/extrato/mensal');
  expect(await list.text()).toContain('id="sem-fechados"');
  // The same month asks the API for B's own statement, which is not closed: nothing to download.
  expect((await visitor.request(`/extrato/fechado/${month}/pdf`)).status).toBe(404);
  expect((await visitor.request('/extrato/fechado/2026-13/pdf')).status).toBe(404);
  expect((await visitor.request(`/extrato/fechado/${month}/xml`)).status).toBe(404);
});
