import { createLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';
import { inviteUser, startMailDelivery } from '../src';
import { createAccount, manualClock } from './support/console-fixture';

// docs/decisions/0082: without SMTP_URL the console sends nothing and marks nothing sent; each waiting message is
// written once to its log, where the standalone operator finds the link (and `pnpm ops mail list` lists them).

const clock = manualClock();
const database = useTestDatabase();

test('the invitation is logged once with its link and stays unsent', async () => {
  const lines: string[] = [];
  const logger = createLogger({
    service: 'console',
    level: 'info',
    destination: { write: (line: string) => lines.push(line) },
  });
  const invitation = await inviteUser(database.db, clock, {
    accountId: await createAccount(database.db),
    email: 'sem-smtp@exemplo.com.br',
    role: 'administrador',
    consoleUrl: 'http://127.0.0.1:8085',
    actor: { operator: null },
  });
  const delivery = startMailDelivery({ db: database.db, clock, logger, smtp: undefined, intervalMs: 60_000 });
  await delivery.flush();
  await delivery.flush();
  await delivery.stop();
  const logged = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.mail_id !== undefined);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toEqual(expect.objectContaining({ level: 'warn', recipient: 'sem-smtp@exemplo.com.br' }));
  expect(String(logged[0]?.body)).toContain(invitation.link);
  expect(String(logged[0]?.msg)).toContain('NOT sent');
  const row = await database.db
    .selectFrom('console_mail')
    .select(['sent_at', 'attempts'])
    .where('id', '=', invitation.mailId)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ sent_at: null, attempts: 0 });
});
