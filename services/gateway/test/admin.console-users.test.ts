import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { systemClock } from '@regapi/calendar';
import { createSession, createUser } from '@regapi/console-auth';
import { buildWorkspace, ROOT } from '../../../deploy/test/build-once';
import { ADMIN_TOKEN, adminApi, newAccount, useTestGateway } from './support/test-gateway';

// Issue 15: operators create an account's first administrator by invitation through the admin API and `pnpm ops`;
// without SMTP the link is in the answer and in `mail list`, never reported as sent.

jest.setTimeout(180_000);

beforeAll(() => {
  // Before any connection is open: the build blocks this process for a while (the CLI tests run the compiled CLI).
  buildWorkspace();
});
const { database, gateway } = useTestGateway({
  consoleMail: { consoleUrl: 'https://console.exemplo.test', smtpConfigured: false },
});

const ask = adminApi(gateway);

test('invite: 201 with the link (no SMTP), the user listed as pending, the message unsent in the mail list', async () => {
  const accountId = await newAccount(gateway.adminUrl);
  const invited = await ask('POST', `/admin/v1/accounts/${accountId}/users`, {
    email: ' Chefe@Exemplo.com.br ',
    role: 'administrador',
  });
  expect(invited.status).toBe(201);
  const item = invited.body.data[0] ?? {};
  expect(item).toEqual(
    expect.objectContaining({
      account_id: accountId,
      email: 'chefe@exemplo.com.br',
      role: 'administrador',
      mail: 'not-sent',
    }),
  );
  expect(String(item.invitation_link)).toMatch(/^https:\/\/console\.exemplo\.test\/convite\/[A-Za-z0-9_-]{43}$/);

  const listed = await ask('GET', `/admin/v1/accounts/${accountId}/users`);
  expect(listed.status).toBe(200);
  expect(listed.body.data[0]?.users).toEqual([
    expect.objectContaining({
      email: 'chefe@exemplo.com.br',
      invitation_pending: true,
      totp: false,
      disabled_at: null,
    }),
  ]);

  const mail = await ask('GET', `/admin/v1/console-mail?account=${accountId}`);
  expect(mail.status).toBe(200);
  const messages = mail.body.data[0]?.messages as { recipient: string; body: string }[];
  expect(messages).toHaveLength(1);
  expect(messages[0]?.recipient).toBe('chefe@exemplo.com.br');
  expect(messages[0]?.body).toContain(String(item.invitation_link));
  const sent = await database.db
    .selectFrom('console_mail')
    .select('sent_at')
    .where('account_id', '=', accountId)
    .execute();
  expect(sent).toEqual([{ sent_at: null }]);
  const audit = await database.db
    .selectFrom('console_audit')
    .select(['action', 'user_id'])
    .where('account_id', '=', accountId)
    .execute();
  expect(audit).toEqual([{ action: 'user.invite', user_id: null }]);
});

test('reinvite replaces the link; an active or unknown user → 404', async () => {
  const accountId = await newAccount(gateway.adminUrl);
  const invited = await ask('POST', `/admin/v1/accounts/${accountId}/users`, {
    email: 'dev@exemplo.com.br',
    role: 'desenvolvimento',
  });
  const userId = String(invited.body.data[0]?.user_id);
  const again = await ask('POST', `/admin/v1/accounts/${accountId}/users/${userId}/invitation`);
  expect(again.status).toBe(201);
  expect(again.body.data[0]?.invitation_link).not.toBe(invited.body.data[0]?.invitation_link);
  const links = await database.db
    .selectFrom('console_link')
    .select('used_at')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  expect(links.filter((link) => link.used_at === null)).toHaveLength(1);
  const otherAccount = await newAccount(gateway.adminUrl);
  expect((await ask('POST', `/admin/v1/accounts/${otherAccount}/users/${userId}/invitation`)).status).toBe(404);
  expect((await ask('POST', `/admin/v1/accounts/${accountId}/users/nope/invitation`)).status).toBe(404);
});

test.each([
  [{ email: 'x@exemplo.com.br', role: 'dono' }, 422, 'role'],
  [{ email: 'sem-arroba', role: 'consulta' }, 422, 'email'],
  [{ email: 'x@exemplo.com.br' }, 422, 'role'],
  [{ email: 'x@exemplo.com.br', role: 'consulta', extra: 1 }, 422, 'extra'],
])('a bad invitation %j → %i naming %s', async (body, status, campo) => {
  const accountId = await newAccount(gateway.adminUrl);
  const refused = await ask('POST', `/admin/v1/accounts/${accountId}/users`, body);
  expect(refused.status).toBe(status);
  expect(refused.body.errors.map((error) => error.campo)).toContain(campo);
});

test('an e-mail already used → 409; an unknown account → 404', async () => {
  const accountId = await newAccount(gateway.adminUrl);
  const body = { email: 'repetido@exemplo.com.br', role: 'consulta' };
  expect((await ask('POST', `/admin/v1/accounts/${accountId}/users`, body)).status).toBe(201);
  expect((await ask('POST', `/admin/v1/accounts/${accountId}/users`, body)).status).toBe(409);
  const unknown = '6f1c0b7e-4f39-4c1e-9b7d-2a8e4d1c9f00';
  expect((await ask('POST', `/admin/v1/accounts/${unknown}/users`, body)).status).toBe(404);
  expect((await ask('GET', `/admin/v1/accounts/${unknown}/users`)).status).toBe(404);
  expect((await ask('GET', '/admin/v1/console-mail?account=nope')).status).toBe(422);
});

describe('pnpm ops (the compiled CLI against this gateway)', () => {
  const run = promisify(execFile);
  const ops = async (...args: string[]): Promise<Record<string, unknown>> => {
    const { ADMIN_TOKEN: _token, ...env } = process.env;
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'services/gateway/dist/ops/cli.js'), ...args], {
      env: { ...env, ADMIN_TOKEN, REGAPI_ADMIN_URL: gateway.adminUrl, REGAPI_OPERATOR: 'ana' },
    });
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  test('user invite prints the link and says it was not sent; user list and mail list show it', async () => {
    const accountId = await newAccount(gateway.adminUrl);
    const invited = await ops(
      'user',
      'invite',
      '--account',
      accountId,
      '--email',
      'ops@exemplo.com.br',
      '--role',
      'administrador',
    );
    expect(invited).toEqual(expect.objectContaining({ email: 'ops@exemplo.com.br', mail: 'not-sent' }));
    expect(String(invited.invitation_link)).toContain('/convite/');
    const listed = await ops('user', 'list', '--account', accountId);
    expect(listed.users).toEqual([expect.objectContaining({ email: 'ops@exemplo.com.br', role: 'administrador' })]);
    const mail = await ops('mail', 'list', '--account', accountId);
    expect(mail.smtp_configured).toBe(false);
    expect(JSON.stringify(mail.messages)).toContain(String(invited.invitation_link));
    const audit = await database.db
      .selectFrom('admin_audit')
      .select(['action', 'operator', 'outcome'])
      .where('action', '=', 'console-user.invite')
      .where('operator', '=', 'ana')
      .execute();
    expect(audit).toEqual([{ action: 'console-user.invite', operator: 'ana', outcome: 201 }]);
  });

  test('a bad role is refused by the API (exit 1, message on stderr)', async () => {
    const accountId = await newAccount(gateway.adminUrl);
    await expect(
      ops('user', 'invite', '--account', accountId, '--email', 'x@exemplo.com.br', '--role', 'dono'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('role') });
  });
});

test("reset the second factor of an account's last administrator: cleared, sessions ended, audited with the operator", async () => {
  const accountId = await newAccount(gateway.adminUrl);
  const user = await createUser(database.db, systemClock, {
    accountId,
    email: 'unica.admin@exemplo.com.br',
    password: 'uma senha longa o bastante',
    role: 'administrador',
  });
  await database.db
    .updateTable('console_user')
    .set({ totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
    .where('id', '=', user.id)
    .execute();
  await createSession(database.db, user.id, new Date());
  const path = `/admin/v1/accounts/${accountId}/users/${user.id}/second-factor/reset`;

  const reset = await ask('POST', path);
  expect(reset.status).toBe(200);
  expect(reset.body.data[0]).toEqual({ user_id: user.id, account_id: accountId, totp: false });
  const row = await database.db
    .selectFrom('console_user')
    .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ totp_secret: null, totp_pending_secret: null, totp_last_step: null });
  const open = await database.db
    .selectFrom('console_session')
    .select('id')
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .execute();
  expect(open).toEqual([]);
  const audit = await database.db
    .selectFrom('console_audit')
    .select(['user_id', 'target', 'params'])
    .where('action', '=', 'user.totp-reset')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  expect(audit).toEqual({ user_id: null, target: user.id, params: expect.objectContaining({ sessions_revoked: 1 }) });
  expect(audit.params).toHaveProperty('operator');

  expect((await ask('POST', path)).status).toBe(409);
  const otherAccount = await newAccount(gateway.adminUrl);
  expect((await ask('POST', `/admin/v1/accounts/${otherAccount}/users/${user.id}/second-factor/reset`)).status).toBe(
    404,
  );
  expect((await ask('POST', `/admin/v1/accounts/${accountId}/users/nope/second-factor/reset`)).status).toBe(404);
});
