import { ADMIN_TOKEN, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// The admin API (`/admin/v1`) takes `Authorization: Bearer <ADMIN_TOKEN>` and nothing else (docs/decisions/0019).

const { gateway } = useTestGateway();

const createAccount = (init: { token?: string; headers?: Record<string, string> } = {}, query = '') =>
  call(`${gateway.adminUrl}/admin/v1/accounts${query}`, { method: 'POST', body: { name: 'X' }, ...init });

test('the admin token is accepted (control)', async () => {
  expect((await createAccount({ token: ADMIN_TOKEN })).status).toBe(201);
});

test('no Authorization → 401 envelope with a Bearer challenge of the admin realm', async () => {
  const answer = await createAccount();
  expect(answer.status).toBe(401);
  expect(answer.body.code).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="regapi-admin"');
});

test.each([
  ['a wrong token', `Bearer ${ADMIN_TOKEN.slice(0, -1)}x`],
  ['a prefix of the token', `Bearer ${ADMIN_TOKEN.slice(0, 10)}`],
  ['the token plus a suffix', `Bearer ${ADMIN_TOKEN}x`],
  ['another scheme', `Basic ${ADMIN_TOKEN}`],
  ['the token without a scheme', ADMIN_TOKEN],
])('%s → 401', async (_name, authorization) => {
  const answer = await createAccount({ headers: { authorization } });
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="regapi-admin", error="invalid_token"');
});

test('a customer token is not an admin token', async () => {
  const { token } = await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl));
  expect((await createAccount({ token })).status).toBe(401);
});

test('the admin token is not a customer token', async () => {
  expect((await call(`${gateway.url}/v1/token`, { token: ADMIN_TOKEN })).status).toBe(401);
});

test('the admin token in the query string → 401 even with the header', async () => {
  expect((await createAccount({ token: ADMIN_TOKEN }, `?token=${ADMIN_TOKEN}`)).status).toBe(401);
});

test('an unknown admin path: 401 without the token (nothing about the surface leaks), 404 with it', async () => {
  expect((await call(`${gateway.adminUrl}/admin/v1/nada`)).status).toBe(401);
  expect((await call(`${gateway.adminUrl}/admin/v1/nada`, { token: ADMIN_TOKEN })).status).toBe(404);
});
