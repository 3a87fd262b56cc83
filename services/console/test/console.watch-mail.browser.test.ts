import { ManualClock } from '@regapi/calendar';
import { createAccount } from '@regapi/ledger';
import { saveScreenshot } from '@regapi/testkit/browser';
import { readConsoleAudit, watchChangeMailOn } from '../src/auth';
import { accessibleNode, cspViolations, expectAccessible, signInThroughForm, tabTo } from './support/console-browser';
import { createTestUser } from './support/console-fixture';
import { useConsole } from './support/use-console';

// "Minha conta" in Chromium (issue 30; docs/decisions/0169): the opt-in to an e-mail for each change a watch of the
// account finds, off by default, turned on and off by keyboard alone, stored on the user and audited each time it
// changes; axe on the page, a screenshot for docs/console.md.

// The real time: the browser drops a cookie whose expiry (from this clock) is already past.
const clock = new ManualClock(new Date());
const { database, server, chromium } = useConsole(clock, { browser: true });

it('turns the watch-change e-mail on and off from the keyboard, audited', async () => {
  const { id: accountId } = await createAccount(database.db, { name: 'Banco dos Avisos' });
  const person = await createTestUser(database.db, clock, { accountId, role: 'consulta' });
  const page = await chromium.newPage();
  const blocked = cspViolations(page);
  await signInThroughForm(page, server.url, person);
  await page.goto(`${server.url}/seguranca`);

  const checkbox = page.getByRole('checkbox', { name: 'Avisos por e-mail de alterações em monitoramentos' });
  expect(await checkbox.isChecked()).toBe(false);
  expect(await watchChangeMailOn(database.db, person.id)).toBe(false);
  const node = await accessibleNode(page, '#aviso-monitoramentos');
  expect(node.description).toContain('Os monitoramentos do ambiente de teste não enviam e-mail.');
  await expectAccessible(page);

  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Salvar avisos' }));
  await page.keyboard.press('Enter');
  await page.getByText('Avisos de alterações em monitoramentos ativados.').waitFor();
  expect(await checkbox.isChecked()).toBe(true);
  expect(await watchChangeMailOn(database.db, person.id)).toBe(true);
  await expectAccessible(page);
  await saveScreenshot(page, 'console-seguranca-avisos');

  // Saved again unchanged: no second audit row.
  await page.getByRole('button', { name: 'Salvar avisos' }).click();
  await page.getByText('Avisos de alterações em monitoramentos ativados.').waitFor();

  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Salvar avisos' }));
  await page.keyboard.press('Enter');
  await page.getByText('Avisos de alterações em monitoramentos desativados.').waitFor();
  expect(await checkbox.isChecked()).toBe(false);
  expect(await watchChangeMailOn(database.db, person.id)).toBe(false);

  const audit = await readConsoleAudit(database.db, accountId, { limit: 50, offset: 0 });
  expect(
    audit.rows
      .filter((row) => row.action.startsWith('watch-mail.'))
      .map((row) => [row.action, row.email])
      .reverse(),
  ).toEqual([
    ['watch-mail.enable', person.email],
    ['watch-mail.disable', person.email],
  ]);
  expect(blocked).toEqual([]);
  await page.context().close();
});

it('refuses the change without the form token', async () => {
  const { id: accountId } = await createAccount(database.db, { name: 'Banco sem Token' });
  const person = await createTestUser(database.db, clock, { accountId });
  const page = await chromium.newPage();
  await signInThroughForm(page, server.url, person);
  const answer = await page.request.post(`${server.url}/seguranca/avisos`, { form: { monitoramentos: 'sim' } });
  expect(answer.status()).toBe(403);
  expect(await watchChangeMailOn(database.db, person.id)).toBe(false);
  await page.context().close();
});
