import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Contract 5.3: a token in the query string is refused — with 401 even when the header carries a valid token, because
// the URL (and the token in it) has already reached logs and history (docs/decisions/0017).

const { gateway } = useTestGateway();
let token: string;

beforeAll(async () => {
  token = (await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl))).token;
});

test('the header alone is accepted (control)', async () => {
  expect((await call(`${gateway.url}/v1/token`, { token })).status).toBe(200);
});

test.each([
  ['access_token (RFC 6750 2.3) alone', () => `?access_token=${token}`, false],
  ['access_token with a valid header too', () => `?access_token=${token}`, true],
  ['token=', () => `?token=${token}`, true],
  ['an upper-case parameter name', () => `?ACCESS_TOKEN=${token}`, true],
  ['a JWT in any parameter', () => `?x=${token}`, true],
  ['a JWT prefixed with "Bearer "', () => `?auth=Bearer%20${token}`, true],
  ['an empty token parameter', () => '?token=', true],
])('%s → 401', async (_name, query, withHeader) => {
  const answer = await call(`${gateway.url}/v1/token${query()}`, withHeader ? { token } : {});
  expect(answer.status).toBe(401);
  expect(answer.body.code).toBe(401);
  expect(answer.body.code_message).toMatch(/query string/);
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
});

test('an ordinary query parameter is not mistaken for a token', async () => {
  const answer = await call(`${gateway.url}/v1/extrato?de=2026-01-01&ate=2026-01-31`, { token });
  expect(answer.status).toBe(200);
});
