import { ManualClock } from '@regapi/calendar';
import { createAccount } from '@regapi/ledger';
import { saveScreenshot } from '@regapi/testkit/browser';
import {
  accessibleNode,
  type ConsolePage,
  cspViolations,
  expectAccessible,
  signInThroughForm,
  tabTo,
} from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { useConsole } from './support/use-console';

// Issue 29, Webhooks in a real browser, keyboard only (Tab, Enter, Space; no mouse): the empty list, a refused URL
// whose pt-BR refusal sits under its field and is what a screen reader reads there, the secret shown once, the test
// event in the deliveries, turning the endpoint off and on, removing it; axe on every state of every page.

// The real time: the browser drops a cookie whose expiry (the session's, from this clock) is already past.
const clock = new ManualClock(new Date());
const { database, server, chromium } = useConsole(clock, { browser: true });

const REFUSED = 'http://erp.example.com/avisos';
const HOOK = 'https://erp.example.com/avisos';

/** Tab to the control, then press `key` on it: how a keyboard-only person follows a link or presses a button. */
async function press(page: ConsolePage, target: ReturnType<ConsolePage['locator']>, key: 'Enter' | ' ' = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

describe('Webhooks in Chromium, keyboard only', () => {
  it('registers after a refused URL, shows the secret once, sends a test event, turns off and on, removes', async () => {
    const { id: accountId } = await createAccount(database.db, { name: 'Escritório dos Webhooks' });
    const user = await createTestUser(database.db, clock, { accountId, role: 'administrador' });
    const page = await chromium.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const blocked = cspViolations(page);
    await signInThroughForm(page, server.url, user);

    // The menu's Webhooks: none yet.
    await press(page, page.getByRole('link', { name: 'Webhooks', exact: true }));
    await page.waitForURL(`${server.url}/webhooks`);
    expect(await page.getByText('Nenhum webhook registrado.').count()).toBe(1);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhooks-vazio');

    await press(page, page.getByRole('link', { name: 'Registrar webhook' }));
    await page.waitForURL(`${server.url}/webhooks/novo`);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhooks-novo');

    // An http URL: refused (decision 0095), the form again with the event still chosen and the focus on the URL.
    await tabTo(page, page.getByLabel('URL (https://)'));
    await page.keyboard.type(REFUSED);
    await press(page, page.getByLabel(/consulta\.finalizada/), ' ');
    await press(page, page.getByRole('button', { name: 'Registrar webhook' }));
    // Chromium moves the focus to an `autofocus` field at its next rendering, which may come after the load: wait for it.
    await page.locator('#url-erro').waitFor();
    await page.locator('#url:focus').waitFor();
    const refusal = (await page.locator('#url-erro').textContent()) ?? '';
    expect(refusal).toContain('A URL deve começar com https');
    // Next to its field: the paragraph right after the input, inside the form.
    expect(await page.locator('form #url + #url-erro').count()).toBe(1);
    expect(await page.getByLabel(/consulta\.finalizada/).isChecked()).toBe(true);
    expect(await page.locator('#url').inputValue()).toBe(REFUSED);
    // What a screen reader says where the focus landed: the field, invalid, and the refusal as its description.
    expect(await accessibleNode(page, '#url')).toEqual({
      role: 'textbox',
      name: 'URL (https://)',
      description: refusal,
      invalid: true,
      focused: true,
    });
    expect(await page.getByRole('alert').textContent()).toContain('Corrija o que está indicado abaixo.');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhooks-erro');

    // The focus is on the URL: select it, type the right one, Tab on to the button.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(HOOK);
    await press(page, page.getByRole('button', { name: 'Registrar webhook' }));
    await page.getByRole('heading', { name: 'Webhook registrado' }).waitFor();
    const secret = await page.locator('#segredo').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await page.locator('#segredo').getAttribute('readonly')).not.toBeNull();
    // The secret is read by keyboard too: its readonly field takes the focus, and is named; the copy button (the
    // console's own script, under the CSP) says it copied it.
    await tabTo(page, page.getByLabel(`Segredo do webhook ${HOOK}`));
    await press(page, page.getByRole('button', { name: 'Copiar segredo' }));
    await page.getByRole('status').getByText('Segredo copiado para a área de transferência.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhooks-segredo');
    const [endpoint] = await database.db
      .selectFrom('webhook_endpoint')
      .select(['id', 'url', 'events'])
      .where('account_id', '=', accountId)
      .execute();
    expect([endpoint?.url, endpoint?.events]).toEqual([HOOK, ['consulta.finalizada']]);

    await press(page, page.getByRole('link', { name: 'Ver o webhook' }));
    await page.waitForURL(`${server.url}/webhooks/${endpoint?.id}`);
    expect(await page.content()).not.toContain(secret);
    expect(await page.getByText('Nenhuma entrega ainda.').count()).toBe(1);
    await expectAccessible(page);

    // The test event: queued at once, so it is in the deliveries when the page comes back.
    await press(page, page.getByRole('button', { name: 'Enviar evento de teste' }));
    await page.waitForURL(/aviso=teste$/);
    expect(await page.getByRole('status').textContent()).toContain('Evento de teste agendado');
    const delivery = page.locator('tbody tr', { hasText: 'webhook.teste' });
    expect(await delivery.count()).toBe(1);
    expect(await delivery.locator('td').first().textContent()).toContain('Pendente');
    // Its button says which delivery it sends again, not only "Reenviar" as every row's would.
    expect((await accessibleNode(page, 'tbody tr button')).name).toBe('Reenviar a entrega 1, webhook.teste');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhook');

    // Off with Space, on with Enter: the state and the notice follow.
    await press(page, page.getByRole('button', { name: 'Desativar' }), ' ');
    await page.waitForURL(/aviso=desativado$/);
    expect(await page.getByRole('status').textContent()).toContain('Webhook desativado');
    expect(await page.locator('dl').textContent()).toContain('Desativado');
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhook-desativado');
    await press(page, page.getByRole('button', { name: 'Reativar' }));
    await page.waitForURL(/aviso=reativado$/);
    expect(await page.getByRole('status').textContent()).toContain('Webhook reativado.');
    expect(await page.locator('dl').textContent()).toContain('Ativo');
    await expectAccessible(page);

    // The list: the endpoint, its events and state, never its secret.
    await press(page, page.getByRole('link', { name: 'Voltar aos webhooks' }));
    await page.waitForURL(`${server.url}/webhooks`);
    const row = page.locator('tbody tr', { hasText: HOOK });
    expect(await row.textContent()).toContain('Consulta finalizada');
    expect(await row.textContent()).toContain('Ativo');
    expect(await page.content()).not.toContain(secret);
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhooks');

    await press(page, row.getByRole('link', { name: HOOK }));
    await page.waitForURL(`${server.url}/webhooks/${endpoint?.id}`);
    // Removing asks first: the detail page's link leads to a page that says what goes and has the one button.
    await press(page, page.getByRole('link', { name: 'Remover webhook e suas entregas' }));
    await page.waitForURL(`${server.url}/webhooks/${endpoint?.id}/remover`);
    await page.getByRole('heading', { name: `Remover o webhook ${HOOK}?` }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'console-webhooks-remover');
    await press(page, page.getByRole('button', { name: 'Remover webhook' }));
    await page.waitForURL(`${server.url}/webhooks?aviso=removido`);
    expect(await page.getByRole('status').textContent()).toContain('Webhook removido');
    expect(await page.getByText('Nenhum webhook registrado.').count()).toBe(1);
    await expectAccessible(page);

    const audited = await database.db
      .selectFrom('console_audit')
      .select('action')
      .where('account_id', '=', accountId)
      .where('action', 'like', 'webhook.%')
      .orderBy('id')
      .execute();
    expect(audited.map((entry) => entry.action)).toEqual([
      'webhook.create',
      'webhook.test',
      'webhook.disable',
      'webhook.enable',
      'webhook.delete',
    ]);
    expect(blocked).toEqual([]);
    await page.context().close();
  });

  it('no event chosen: the refusal under the events, the focus on the first one, which a screen reader reads with it', async () => {
    const { id: accountId } = await createAccount(database.db, { name: 'Escritório sem Eventos' });
    const user = await createTestUser(database.db, clock, { accountId, role: 'desenvolvimento' });
    const page = await chromium.newPage();
    await signInThroughForm(page, server.url, user);
    await page.goto(`${server.url}/webhooks/novo`);
    await tabTo(page, page.getByLabel('URL (https://)'));
    await page.keyboard.type(HOOK);
    await press(page, page.getByRole('button', { name: 'Registrar webhook' }));
    await page.locator('#eventos-erro').waitFor();
    const first = 'input[name="eventos"][value="consulta.finalizada"]';
    await page.locator(`${first}:focus`).waitFor();
    expect(await accessibleNode(page, first)).toEqual({
      role: 'checkbox',
      name: 'Consulta finalizada (qualquer resultado) consulta.finalizada',
      description: 'Escolha ao menos um evento.',
      invalid: false,
      focused: true,
    });
    expect(await page.locator('#url').inputValue()).toBe(HOOK);
    await expectAccessible(page);
    // Space chooses it; Tab to the button and Enter registers.
    await page.keyboard.press(' ');
    await press(page, page.getByRole('button', { name: 'Registrar webhook' }));
    await page.getByRole('heading', { name: 'Webhook registrado' }).waitFor();
    await page.context().close();
  });
});
