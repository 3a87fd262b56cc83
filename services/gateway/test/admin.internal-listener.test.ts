import { request } from 'node:http';
import { ManualClock } from '@regapi/calendar';
import { waitFor } from '@regapi/testkit';
import { callAdmin } from '../src/ops/admin-client';
import { commandCall } from '../src/ops/commands';
import { ADMIN_TOKEN, admin, call, useTestGateway } from './support/test-gateway';

// Issue 12 item 7 (decision 0054): the admin API lives on the gateway's internal listener only, failed
// authentications are throttled per client address, and every admin action is a row of `admin_audit`.

const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
const { database, gateway } = useTestGateway({ clock });

const auditRows = () => database.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();

/** One admin call from a chosen loopback address (the whole of 127/8 reaches the listener on Linux). */
function callFrom(localAddress: string, path: string, token: string): Promise<{ status: number; retryAfter?: string }> {
  const url = new URL(`${gateway.adminUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'GET', localAddress },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ...(res.headers['retry-after'] === undefined ? {} : { retryAfter: res.headers['retry-after'] }),
          }),
        );
      },
    );
    req.setHeader('authorization', `Bearer ${token}`);
    req.on('error', reject);
    req.end();
  });
}

test('the public listener does not serve /admin/v1, with or without the admin token', async () => {
  const answer = await call(`${gateway.url}/admin/v1/accounts`, {
    method: 'POST',
    token: ADMIN_TOKEN,
    body: { name: 'X' },
  });
  expect(answer.status).toBe(404);
  expect((await call(`${gateway.url}/admin/v1/accounts/x`, { token: ADMIN_TOKEN })).status).toBe(404);
  expect(await auditRows()).toEqual([]);
});

test('the internal listener serves the admin API; each action is audited with who, what, when and outcome', async () => {
  const created = await call(`${gateway.adminUrl}/admin/v1/accounts`, {
    method: 'POST',
    token: ADMIN_TOKEN,
    headers: { 'x-operator': 'maria.silva' },
    body: { name: 'Banco Auditado' },
  });
  expect(created.status).toBe(201);
  const accountId = String(created.body.data[0]?.account_id);
  const credit = await admin(gateway.adminUrl, 'POST', `/admin/v1/accounts/${accountId}/credits`, { amount: '1,50' });
  expect(credit.status).toBe(422);

  const rows = await waitFor(async () => {
    const all = await auditRows();
    return all.length === 2 && all.every((row) => row.outcome !== null) ? all : undefined;
  });
  expect(rows[0]).toEqual(
    expect.objectContaining({
      at: clock.now(),
      operator: 'maria.silva',
      credential: expect.stringMatching(/^admin-token:[0-9a-f]{12}$/),
      client_address: expect.stringMatching(/127\.0\.0\.1$/),
      action: 'account.create',
      params: {},
      body: { name: 'Banco Auditado' },
      request_id: created.body.header.request_id,
      outcome: 201,
    }),
  );
  expect(rows[1]).toEqual(
    expect.objectContaining({
      operator: null,
      action: 'account.credit',
      params: { accountId },
      body: { amount: '1,50' },
      outcome: 422,
    }),
  );
  // The credential is named by a fingerprint, never stored.
  expect(JSON.stringify(rows)).not.toContain(ADMIN_TOKEN);
});

test('the ops CLI client names its operator; the audit keeps it', async () => {
  const created = await callAdmin(
    { baseUrl: gateway.adminUrl, adminToken: ADMIN_TOKEN, operator: 'ops.tester' },
    commandCall(['account', 'create', '--name', 'Banco da CLI']),
  );
  const row = await waitFor(async () => {
    const found = await database.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'account.create')
      .where('operator', '=', 'ops.tester')
      .executeTakeFirst();
    return found?.outcome === 201 ? found : undefined;
  });
  expect(row.body).toEqual({ name: 'Banco da CLI' });
  expect(created.name).toBe('Banco da CLI');
});

test('an invalid X-Operator is refused (422) and nothing is done', async () => {
  const before = (await auditRows()).length;
  const answer = await call(`${gateway.adminUrl}/admin/v1/accounts`, {
    method: 'POST',
    token: ADMIN_TOKEN,
    headers: { 'x-operator': 'drop table;' },
    body: { name: 'X' },
  });
  expect(answer.status).toBe(422);
  expect(answer.body.errors[0]?.campo).toBe('X-Operator');
  expect((await auditRows()).length).toBe(before);
});

test('wrong secrets from one address: 10 are 401 (each audited), then 429 with Retry-After, the right secret too; another address is not locked; the lock ends', async () => {
  const wrong = `${ADMIN_TOKEN.slice(0, -1)}x`;
  const before = (await auditRows()).length;
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await callFrom('127.0.0.1', '/admin/v1/accounts/x', wrong)).status);
  expect(statuses).toEqual(Array(10).fill(401));

  // The 11th failure locks the address for 1 s, the next ones doubling.
  expect((await callFrom('127.0.0.1', '/admin/v1/accounts/x', wrong)).status).toBe(401);
  const locked = await callFrom('127.0.0.1', '/admin/v1/accounts/x', wrong);
  expect(locked).toEqual({ status: 429, retryAfter: '1' });
  // Locked, the right secret is refused as well: a guesser cannot tell a right guess at speed.
  expect((await callFrom('127.0.0.1', '/admin/v1/accounts/x', ADMIN_TOKEN)).status).toBe(429);
  const envelope = await call(`${gateway.adminUrl}/admin/v1/accounts/x`, { token: ADMIN_TOKEN });
  expect(envelope.body).toEqual(expect.objectContaining({ code: 429 }));

  // Another client address is not affected.
  expect((await callFrom('127.0.0.2', '/admin/v1/accounts/x', ADMIN_TOKEN)).status).toBe(404);

  // After the lock, the right secret works again and clears the address.
  clock.advance(1000);
  expect((await callFrom('127.0.0.1', '/admin/v1/accounts/x', ADMIN_TOKEN)).status).toBe(404);
  expect((await callFrom('127.0.0.1', '/admin/v1/accounts/x', wrong)).status).toBe(401);

  // Refusals are audited (no credential); throttled attempts are not (the table cannot be flooded).
  const refused = (await auditRows()).slice(before).filter((row) => row.action === 'auth.refused');
  expect(refused).toHaveLength(12);
  expect(refused[0]).toEqual(
    expect.objectContaining({ credential: null, params: { reason: 'admin_token_invalid' }, outcome: 401 }),
  );
});

test('the lock doubles with each further failure', async () => {
  const wrong = 'another-wrong-secret-0123456789abcdef0123';
  for (let i = 0; i < 10; i++) await callFrom('127.0.0.3', '/admin/v1/accounts/x', wrong);
  const waits: (string | undefined)[] = [];
  for (const ms of [1000, 2000, 4000]) {
    expect((await callFrom('127.0.0.3', '/admin/v1/accounts/x', wrong)).status).toBe(401);
    waits.push((await callFrom('127.0.0.3', '/admin/v1/accounts/x', wrong)).retryAfter);
    clock.advance(ms);
  }
  expect(waits).toEqual(['1', '2', '4']);
});
