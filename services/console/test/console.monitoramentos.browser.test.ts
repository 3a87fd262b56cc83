import { randomBytes, randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import type { RunningServer } from '@regapi/http';
import { createWatch, type NewWatch, newWatch, SANDBOX_TIME_SCALE_SETTING } from '@regapi/orders';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { launchChromium, saveScreenshot, type TestChromium } from '@regapi/testkit/browser';
import { sql } from 'kysely';
import { loadQuoteCatalog } from '../../gateway/test/support/quote-catalog';
import { newAccount, startTestGateway, type TestGateway } from '../../gateway/test/support/test-gateway';
import {
  accessibleNode,
  type ConsolePage,
  cspViolations,
  expectAccessible,
  signInThroughForm,
  tabTo,
} from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { startConsole } from './support/console-web';
import { insertRecordHistory, insertSearchHistory } from './support/watch-history';

// Issue 30, Monitoramentos in a real browser, keyboard only (Tab, Enter, typing; no mouse): create a person watch after
// a refused CPF (the refusal under its field, focused, read by a screen reader), see the price per run and the month,
// confirm; the history of a person watch and of a record watch with their diffs; pause, resume, remove after a page that
// asks; the test mode's list is the sandbox's (decision 0146). axe on every page; the screenshots of docs/console.md.

jest.setTimeout(120_000);

// The real time: the browser drops a cookie whose expiry (the session's, from this clock) is already past.
const clock = new ManualClock(new Date());
let production: TestDatabase;
let sandbox: TestDatabase;
let gateway: TestGateway;
let server: RunningServer;
let chromium: TestChromium;

beforeAll(async () => {
  [production, sandbox] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([loadQuoteCatalog(production.db), loadQuoteCatalog(sandbox.db)]);
  // Copies of one template share the protocolo key; a real sandbox database has its own (as the test mode's test).
  await sql`UPDATE protocolo_secret SET secret = ${randomBytes(32)}`.execute(sandbox.db);
  gateway = await startTestGateway(production, {
    clock,
    sandbox: { db: sandbox, timeScale: SANDBOX_TIME_SCALE_SETTING.default },
  });
  server = await startConsole(production, clock, { keyring: gateway.keyring, apiBaseUrl: gateway.url, sandbox });
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await server?.close();
  await gateway?.close();
  await Promise.all([production?.drop(), sandbox?.drop()]);
});

/** Tab to the control, then press Enter on it: how a keyboard-only person follows a link or presses a button. */
async function press(page: ConsolePage, target: ReturnType<ConsolePage['locator']>) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Tab to a field and type into it (a select takes the typed start of an option, as Chromium's type-ahead does). */
async function typeInto(page: ConsolePage, target: ReturnType<ConsolePage['locator']>, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

const FIFTEEN_DAYS = 15 * 86_400_000;

/** A watch created 15 days ago, so the runs its history is given are in the past; its next run in 6 days. */
async function olderWatch(db: TestDatabase, input: NewWatch) {
  const planned = newWatch(input, randomUUID(), new Date(clock.now().getTime() - FIFTEEN_DAYS));
  return createWatch(db.db, { ...planned, nextRunAt: new Date(clock.now().getTime() + 6 * 86_400_000) });
}

describe('Monitoramentos in Chromium, keyboard only', () => {
  it('creates after a refused CPF, shows the histories with their diffs, pauses, resumes, removes; test mode', async () => {
    const accountId = await newAccount(gateway.adminUrl, 'Escritório dos Monitoramentos', '500.00');
    const user = await createTestUser(production.db, clock, { accountId, role: 'administrador' });
    const page = await chromium.newPage();
    const blocked = cspViolations(page);
    await signInThroughForm(page, server.url, user);

    await press(page, page.getByRole('link', { name: 'Monitoramentos', exact: true }));
    await page.waitForURL(`${server.url}/monitoramentos`);
    expect(await page.locator('#vazio').count()).toBe(1);
    await expectAccessible(page);

    await press(page, page.getByRole('link', { name: 'Novo monitoramento' }));
    await page.waitForURL(`${server.url}/monitoramentos/novo`);
    await expectAccessible(page);
    await press(page, page.getByRole('link', { name: /Pessoa ou empresa/ }));
    await page.waitForURL(`${server.url}/monitoramentos/novo/pessoa`);
    await expectAccessible(page);

    // A CPF whose check digits are wrong: the API refuses it; the form comes back focused on it, with the refusal.
    await typeInto(page, page.getByLabel('CPF/CNPJ monitorado'), '111.111.111-12');
    await typeInto(page, page.getByLabel('UF', { exact: true }), 'SP');
    await typeInto(page, page.getByLabel('Frequência'), 'Sem');
    await typeInto(page, page.getByLabel('Sua referência (opcional)'), 'contrato-4711');
    await press(page, page.getByRole('button', { name: 'Ver preço' }));
    await page.locator('#campo-cpf_cnpj-erro').waitFor();
    // Chromium moves the focus to an `autofocus` field at its next rendering, which may come after the load: wait for it.
    await page.locator('#campo-cpf_cnpj:focus').waitFor();
    const refused = await accessibleNode(page, '#campo-cpf_cnpj');
    expect(refused).toMatchObject({ name: 'CPF/CNPJ monitorado', invalid: true, focused: true });
    expect(refused.description).toContain('Dígitos verificadores não conferem');
    expect(await page.getByLabel('UF', { exact: true }).inputValue()).toBe('SP');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-monitoramentos-erro');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('529.982.247-25');
    await press(page, page.getByRole('button', { name: 'Ver preço' }));
    await page.waitForURL(`${server.url}/monitoramentos/novo/pessoa/orcamento`);
    expect(await page.locator('#preco').textContent()).toMatch(/^R\$\s\d+,\d\d$/);
    expect(await page.locator('#mensal').textContent()).toMatch(/^R\$\s\d+,\d\d$/);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-monitoramentos-confirmar');

    await press(page, page.getByRole('button', { name: 'Criar monitoramento' }));
    await page.waitForURL(/\/monitoramentos\/[0-9a-f-]{36}\?aviso=criado$/);
    expect(await page.locator('#monitorado').textContent()).toBe('529.982.247-25 — SP');
    expect(await page.locator('#situacao').textContent()).toBe('Ativo');
    await expectAccessible(page);

    // Pause and resume, by keyboard.
    await press(page, page.getByRole('button', { name: 'Pausar' }));
    await page.waitForURL(/aviso=pausado$/);
    expect(await page.locator('#situacao').textContent()).toBe('Pausado');
    expect(await page.locator('#proxima').textContent()).toBe('—');
    await expectAccessible(page);
    await press(page, page.getByRole('button', { name: 'Retomar' }));
    await page.waitForURL(/aviso=retomado$/);
    expect(await page.locator('#situacao').textContent()).toBe('Ativo');

    // The histories, as the gateway's runs and comparison leave them (the origin is not this test's).
    const person = await olderWatch(production, {
      accountId,
      kind: 'pessoa',
      request: { cpf_cnpj: '123.456.789-09', uf: 'SP' },
      frequencia: 'semanal',
      referencia: 'garantia-0815',
    });
    const { resumo } = await insertSearchHistory(production.db, person);
    const record = await olderWatch(production, {
      accountId,
      kind: 'matricula',
      request: {
        cpf_cnpj: '529.982.247-25',
        imovel_matricula: '12345',
        imovel_cartorio: 2,
        imovel_municipio: 'Campinas',
        imovel_uf: 'SP',
      },
      frequencia: 'semanal',
      referencia: 'garantia-4711',
    });
    const recordDiff = await insertRecordHistory(production.db, record);

    await page.goto(`${server.url}/monitoramentos`);
    expect(await page.locator('#monitoramentos tbody tr').count()).toBe(3);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-monitoramentos');

    await press(page, page.getByRole('link', { name: /123\.456\.789-09/ }));
    await page.waitForURL(`${server.url}/monitoramentos/${person.id}`);
    expect(await page.getByText(resumo).count()).toBe(1);
    expect(await page.locator('table.diferencas tbody tr').count()).toBe(2);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-monitoramento');
    // The run's order, by keyboard.
    const orderLink = page.locator('#execucao-2 a[href^="/pedidos/"]');
    const protocolo = await orderLink.textContent();
    await tabTo(page, orderLink);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe(protocolo);

    await page.goto(`${server.url}/monitoramentos/${record.id}`);
    expect(await page.getByText(recordDiff.resumo).count()).toBe(1);
    expect(await page.locator('dl.atos dt').allTextContents()).toEqual([
      'R.4 (penhora)',
      expect.stringMatching(/^AV\.2.*, antes$/),
      expect.stringMatching(/^AV\.2.*, agora$/),
    ]);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-monitoramento-matricula');

    // Remove: a page that asks first.
    await press(page, page.getByRole('link', { name: 'Remover monitoramento' }));
    await page.waitForURL(`${server.url}/monitoramentos/${record.id}/remover`);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-monitoramentos-remover');
    await press(page, page.getByRole('button', { name: 'Remover monitoramento' }));
    await page.waitForURL(`${server.url}/monitoramentos?aviso=removido`);
    expect(await page.locator(`#monitoramento-${record.id} td`).nth(1).textContent()).toBe('Removido');
    await expectAccessible(page);

    // Test mode: the sandbox's watches, not production's (decision 0146). Switching opens the account in the sandbox.
    await press(page, page.getByRole('button', { name: 'Modo de teste' }));
    await page.waitForURL(`${server.url}/monitoramentos`);
    expect(await page.locator('#vazio').count()).toBe(1);
    const sandboxWatch = await olderWatch(sandbox, {
      accountId,
      kind: 'pessoa',
      request: { cpf_cnpj: '999.901.234-00', uf: 'SP' },
      frequencia: 'diaria',
      referencia: 'teste-integracao',
    });
    await page.reload();
    expect(await page.locator('#monitoramentos tbody tr').count()).toBe(1);
    expect(await page.locator(`#monitoramento-${sandboxWatch.id}`).count()).toBe(1);
    expect(await page.locator('#ambiente-monitoramentos').textContent()).toContain('ambiente de teste');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-modo-teste-monitoramentos');

    // Created in test mode: the sandbox's watch, through the API with the session's `teste` token; production has none.
    await press(page, page.getByRole('link', { name: 'Novo monitoramento' }));
    await press(page, page.getByRole('link', { name: /Matrícula \(visualização\)/ }));
    await page.waitForURL(`${server.url}/monitoramentos/novo/matricula`);
    expect(await page.locator('#campo-frequencia option[value="diaria"]').count()).toBe(0);
    await typeInto(page, page.getByLabel('CPF/CNPJ do solicitante'), '529.982.247-25');
    await typeInto(page, page.getByLabel('Matrícula', { exact: true }), '99990');
    await typeInto(page, page.getByLabel('Número do cartório'), '2');
    await typeInto(page, page.getByLabel('Município do cartório'), 'Campinas');
    await typeInto(page, page.getByLabel('UF do cartório'), 'SP');
    await typeInto(page, page.getByLabel('Frequência'), 'Men');
    await press(page, page.getByRole('button', { name: 'Ver preço' }));
    await page.waitForURL(`${server.url}/monitoramentos/novo/matricula/orcamento`);
    expect(await page.locator('#mensal').textContent()).toBe(await page.locator('#preco').textContent());
    await expectAccessible(page);
    await press(page, page.getByRole('button', { name: 'Criar monitoramento' }));
    await page.waitForURL(/\/monitoramentos\/[0-9a-f-]{36}\?aviso=criado$/);
    const createdId = /monitoramentos\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    const inSandbox = await sandbox.db.selectFrom('watch').select('kind').where('id', '=', createdId).execute();
    const inProduction = await production.db.selectFrom('watch').select('id').where('id', '=', createdId).execute();
    expect([inSandbox, inProduction]).toEqual([[{ kind: 'matricula' }], []]);
    const audited = await production.db
      .selectFrom('console_audit')
      .select(['action', sql<string>`params->>'ambiente'`.as('ambiente')])
      .where('target', '=', createdId)
      .execute();
    expect(audited).toEqual([{ action: 'watch.create', ambiente: 'teste' }]);

    expect(blocked).toEqual([]);
    await page.close();
  });
});
