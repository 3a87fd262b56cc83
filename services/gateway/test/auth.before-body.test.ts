import { openRawConnection } from '@regapi/testkit';
import { ADMIN_TOKEN, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Issue 12 item 6 (docs/decisions/0052): the documented order 401 → 429 → 403 → 422 (docs/api.md) holds whatever the
// body: a malformed, oversized or still-arriving body is read only after the token, the rate limit and the scope.

const SEARCH = '/v1/orcamento/pesquisa-previa-bens';
const BURST = 3;
const { gateway } = useTestGateway({ rateLimit: { burst: BURST, perSecond: 0.001 } });

/** A fresh account's token, so each case has its own rate-limit budget. */
async function tokenWith(scopes: readonly string[]): Promise<string> {
  return (await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl), scopes)).token;
}

/** The admin API is on the internal listener (decision 0054), every other path on the public one. */
const baseOf = (path: string) => (path.startsWith('/admin/') ? gateway.adminUrl : gateway.url);

async function postRaw(path: string, body: string, token?: string) {
  const response = await fetch(`${baseOf(path)}${path}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
  const envelope = (await response.json()) as { code: number; errors: { campo: string; regra: string }[] };
  return { status: response.status, envelope };
}

/** Headers and the first bytes of a body declared at 50 MB, then nothing: what a slow or hostile client sends. */
async function halfSentHugeBody(path: string, authorization?: string) {
  const connection = await openRawConnection(baseOf(path));
  const lines = [
    `POST ${path} HTTP/1.1`,
    'Host: test',
    'Content-Type: application/json',
    'Content-Length: 50000000',
    ...(authorization === undefined ? [] : [`Authorization: ${authorization}`]),
  ];
  connection.send(`${lines.join('\r\n')}\r\n\r\n{"nome": "`);
  return connection.closed;
}

const MALFORMED = '{"cpf_cnpj": ';
const DEEP = `{"cpf_cnpj":"52998224725","uf":"SP","nome":${'['.repeat(5000)}${']'.repeat(5000)}}`;

test('no token: a malformed, a deeply nested or a half-sent huge body is a 401, the body unread', async () => {
  expect((await postRaw(SEARCH, MALFORMED)).status).toBe(401);
  expect((await postRaw(SEARCH, DEEP)).status).toBe(401);
  const huge = await halfSentHugeBody(SEARCH);
  expect(huge.status).toBe(401);
  expect(huge.headers.connection).toBe('close');
  expect(JSON.parse(huge.body)).toEqual(expect.objectContaining({ code: 401 }));
});

test('over the rate limit: a malformed body is a 429, not a 422', async () => {
  const token = await tokenWith(['consultas:pesquisa-previa-bens']);
  for (let i = 0; i < BURST; i += 1) await postRaw(SEARCH, MALFORMED, token);
  expect((await postRaw(SEARCH, MALFORMED, token)).status).toBe(429);
});

test('without the scope: a malformed body is a 403, a half-sent huge one too', async () => {
  const token = await tokenWith(['consultas:visualizacao-matricula']);
  expect((await postRaw(SEARCH, MALFORMED, token)).status).toBe(403);
  expect((await postRaw('/v1/consultas/pesquisa-previa-bens', MALFORMED, token)).status).toBe(403);
  expect((await halfSentHugeBody(SEARCH, `Bearer ${token}`)).status).toBe(403);
});

test('with the scope, the body is read: malformed 422, nested too deep 422, declared too large 413', async () => {
  const token = await tokenWith(['consultas:pesquisa-previa-bens']);
  const malformed = await postRaw(SEARCH, MALFORMED, token);
  expect(malformed.status).toBe(422);
  expect(malformed.envelope.errors).toEqual([expect.objectContaining({ campo: 'body', regra: 'json' })]);
  const deep = await postRaw(SEARCH, DEEP, token);
  expect(deep.status).toBe(422);
  expect(deep.envelope.errors).toEqual([expect.objectContaining({ campo: 'body', regra: 'json-depth' })]);
  expect((await halfSentHugeBody(SEARCH, `Bearer ${token}`)).status).toBe(413);
});

test('the admin API reads a body only behind the admin token', async () => {
  expect((await postRaw('/admin/v1/accounts', MALFORMED, 'wrong')).status).toBe(401);
  expect((await halfSentHugeBody('/admin/v1/accounts', 'Bearer wrong')).status).toBe(401);
  expect((await postRaw('/admin/v1/accounts', MALFORMED, ADMIN_TOKEN)).status).toBe(422);
});
