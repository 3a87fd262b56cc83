import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { forge, parts } from './support/forge';
import { type Answer, call, newAccount, newToken, SECRETS, useTestGateway } from './support/test-gateway';

// Contract 5.1 and 5.4: every /v1 endpoint needs `Authorization: Bearer <token>`; missing, malformed, revoked or expired
// → 401 envelope with `WWW-Authenticate: Bearer`. Exercised on GET /v1/token, the simplest protected endpoint.

const clock = new ManualClock(new Date());
const { database, gateway } = useTestGateway({ clock, tokenCacheMs: 0 });
let accountId: string;
let valid: { token: string; tokenId: string };

beforeAll(async () => {
  accountId = await newAccount(gateway.adminUrl);
  valid = await newToken(gateway.adminUrl, accountId);
});

function tokenCall(token?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call(`${gateway.url}/v1/token`, { ...(token === undefined ? {} : { token }), headers });
}

/** 401 envelope; `why` matches the refusal named in `code_message`, so a test cannot pass for the wrong reason. */
function expect401(answer: Answer, why?: RegExp): void {
  expect(answer.status).toBe(401);
  if (why !== undefined) expect(answer.body.code_message).toMatch(why);
  expect(answer.body.code).toBe(401);
  expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  expect(answer.body.data).toEqual([]);
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="regapi"/);
}

/** The valid token's claims, re-signed by hand with whatever a test changes. */
function resigned(
  change: { header?: Record<string, unknown>; payload?: Record<string, unknown> },
  secret = SECRETS.get('k1') ?? '',
) {
  const { header, payload } = parts(valid.token);
  return forge({ ...header, ...change.header }, { ...payload, ...change.payload }, secret);
}

test('a valid token passes (the control for every refusal below)', async () => {
  const answer = await tokenCall(valid.token);
  expect(answer.status).toBe(200);
});

test('the scheme name is case-insensitive (RFC 9110 11.1)', async () => {
  const answer = await call(`${gateway.url}/v1/token`, { headers: { authorization: `bearer ${valid.token}` } });
  expect(answer.status).toBe(200);
});

test('missing Authorization → 401 with a bare Bearer challenge', async () => {
  const answer = await tokenCall();
  expect401(answer, /ausente/);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="regapi"');
});

test.each([
  ['another scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
  ['Bearer without a token', 'Bearer'],
  ['Bearer with an opaque word', 'Bearer abcdef'],
  ['two segments', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0'],
  ['garbage in three segments', 'Bearer aaaa.bbbb.cccc'],
  ['two tokens', 'Bearer a.b.c d.e.f'],
])('malformed (%s) → 401 invalid_token', async (_name, authorization) => {
  const answer = await call(`${gateway.url}/v1/token`, { headers: { authorization } });
  expect401(answer, /malformado/);
});

test('a bad token gets error="invalid_token" in the challenge (RFC 6750 3.1)', async () => {
  const answer = await tokenCall('aaaa.bbbb.cccc');
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="regapi", error="invalid_token"');
});

test('wrong signature (same kid, another secret) → 401', async () => {
  expect401(await tokenCall(resigned({}, 'another-secret-0123456789abcdef0123456789')), /Assinatura/);
});

test('a payload changed after signing (scope added) → 401', async () => {
  const [header, , signature] = valid.token.split('.');
  const { payload } = parts(valid.token);
  const widened = Buffer.from(JSON.stringify({ ...payload, scope: 'consultas:certidao-inteiro-teor' })).toString(
    'base64url',
  );
  expect401(await tokenCall(`${header}.${widened}.${signature}`), /Assinatura/);
});

test('alg none, unsigned → 401', async () => {
  const { header, payload } = parts(valid.token);
  const unsigned = `${Buffer.from(JSON.stringify({ ...header, alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  expect401(await tokenCall(unsigned), /malformado/);
});

test('alg none with a signature segment → 401', async () => {
  const { header, payload } = parts(valid.token);
  const fake = `${Buffer.from(JSON.stringify({ ...header, alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
  expect401(await tokenCall(fake), /algoritmo/);
});

test.each([
  ['HS384', 'sha384'],
  ['HS512', 'sha512'],
])('another HMAC algorithm (%s) with the right key → 401: the algorithm is pinned', async (alg, hash) => {
  const { header, payload } = parts(valid.token);
  const token = forge({ ...header, alg }, payload, SECRETS.get('k1') ?? '', hash);
  expect401(await tokenCall(token), /algoritmo/);
});

test('unknown kid → 401, even when signed with a known secret', async () => {
  expect401(await tokenCall(resigned({ header: { kid: 'k9' } })), /chave desconhecida/);
});

test('no kid → 401', async () => {
  const { header, payload } = parts(valid.token);
  const { kid: _kid, ...withoutKid } = header;
  expect401(await tokenCall(forge(withoutKid, payload, SECRETS.get('k1') ?? '')), /chave desconhecida/);
});

test('a token of the second key (k2, kept during a rotation) still verifies', async () => {
  const token = resigned({ header: { kid: 'k2' } }, SECRETS.get('k2') ?? '');
  expect((await tokenCall(token)).status).toBe(200);
});

test('a well-signed token whose id has no row → 401', async () => {
  expect401(await tokenCall(resigned({ payload: { jti: randomUUID() } })), /desconhecido/);
});

test('a well-signed token naming another account than its row → 401', async () => {
  expect401(await tokenCall(resigned({ payload: { sub: randomUUID() } })), /desconhecido/);
});

test('a well-signed token without exp → 401', async () => {
  const { header, payload } = parts(valid.token);
  const { exp: _exp, ...withoutExp } = payload;
  expect401(await tokenCall(forge(header, withoutExp, SECRETS.get('k1') ?? '')), /malformado/);
});

test('wrong audience or issuer → 401', async () => {
  expect401(await tokenCall(resigned({ payload: { aud: 'someone-else' } })));
  expect401(await tokenCall(resigned({ payload: { iss: 'someone-else' } })));
});

test('expired → 401; one second before expiry it still passes', async () => {
  const short = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens'], '1h');
  const expiresAt = new Date(short.expiresAt).getTime();
  clock.set(new Date(expiresAt - 1000));
  expect((await tokenCall(short.token)).status).toBe(200);
  clock.set(new Date(expiresAt));
  const answer = await tokenCall(short.token);
  expect401(answer);
  expect(answer.body.code_message).toMatch(/expirado/);
  clock.set(new Date());
});

test('revoked → 401', async () => {
  const doomed = await newToken(gateway.adminUrl, accountId);
  expect((await tokenCall(doomed.token)).status).toBe(200);
  await database.db.updateTable('api_token').set({ revoked_at: new Date() }).where('id', '=', doomed.tokenId).execute();
  const answer = await tokenCall(doomed.token);
  expect401(answer);
  expect(answer.body.code_message).toMatch(/revogado/);
});

test('an unknown /v1 path stays 404 without a token (authentication is per route)', async () => {
  const answer = await call(`${gateway.url}/v1/nada`);
  expect(answer.status).toBe(404);
});
