import { ManualClock } from '@regapi/calendar';
import { presentedToken, TOKEN_PREFIXES } from '@regapi/tokens';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Issue 29 item 5, docs/decisions/0146: every token shows its environment (`regapi_producao_…`, `regapi_teste_…`);
// a token issued before the prefixes (the bare JWT) keeps working; a token presented with the other environment's
// prefix is refused with a 401 that says which environment it belongs to.

const clock = new ManualClock(new Date());
const { gateway } = useTestGateway({ clock, tokenCacheMs: 0 });
let production: string;
let sandbox: string;

beforeAll(async () => {
  const accountId = await newAccount(gateway.adminUrl);
  production = (await newToken(gateway.adminUrl, accountId)).token;
  sandbox = (await newToken(gateway.adminUrl, accountId, undefined, undefined, 'teste')).token;
});

const tokenCall = (token: string): Promise<Answer> => call(`${gateway.url}/v1/token`, { token });

test('a new token starts with its environment prefix and is accepted as issued', async () => {
  expect(production.startsWith('regapi_producao_')).toBe(true);
  expect(sandbox.startsWith('regapi_teste_')).toBe(true);
  const [asProduction, asSandbox] = await Promise.all([tokenCall(production), tokenCall(sandbox)]);
  expect([asProduction.status, asProduction.body.data[0]?.ambiente]).toEqual([200, 'producao']);
  expect([asSandbox.status, asSandbox.body.data[0]?.ambiente]).toEqual([200, 'teste']);
});

test('a token issued before the prefixes (the bare JWT) keeps working, in either environment', async () => {
  for (const [token, ambiente] of [
    [production, 'producao'],
    [sandbox, 'teste'],
  ] as const) {
    const bare = presentedToken(token).jwt;
    expect(bare.startsWith('eyJ')).toBe(true);
    const answer = await tokenCall(bare);
    expect([answer.status, answer.headers.get('x-regapi-ambiente')]).toEqual([200, ambiente]);
  }
});

test('a production token presented as a test token is refused, saying it is a production token', async () => {
  const relabelled = `${TOKEN_PREFIXES.teste}${presentedToken(production).jwt}`;
  const answer = await tokenCall(relabelled);
  expect(answer.status).toBe(401);
  expect(answer.body.code).toBe(401);
  expect(answer.body.data).toEqual([]);
  expect(answer.body.code_message).toMatch(/^Este token é de PRODUÇÃO, mas chegou com o prefixo de teste/);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="regapi", error="invalid_token"');
  expect(answer.headers.get('x-regapi-ambiente')).toBeNull();
});

test('a test token presented as a production token is refused, saying it is a sandbox token', async () => {
  const relabelled = `${TOKEN_PREFIXES.producao}${presentedToken(sandbox).jwt}`;
  const answer = await tokenCall(relabelled);
  expect(answer.status).toBe(401);
  expect(answer.body.code_message).toMatch(/^Este token é de TESTE \(sandbox\), mas chegou com o prefixo de produção/);
});

test('an unknown prefix is not a token', async () => {
  const answer = await tokenCall(`regapi_homologacao_${presentedToken(production).jwt}`);
  expect([answer.status, answer.body.code_message]).toEqual([401, expect.stringMatching(/malformado/)]);
});
