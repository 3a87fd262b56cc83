import { ManualClock } from '@regapi/calendar';
import { transportMessage } from '@regapi/contracts';
import { useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';
import { forge } from './support/forge';
import { call, newAccount, newToken, SECRETS, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 12 item 8 (decision 0055), through real gateways on one database: the limit is per ACCOUNT, whatever token
// and whatever gateway replica a request reaches, and refused credentials are limited per client address. The clock
// stands still, so nothing refills during a test: every allowance is exactly its burst.

const BURST = 3;
const LIMIT = { burst: BURST, perSecond: 1 };
const database = useTestDatabase();
const running: TestGateway[] = [];

beforeEach(async () => {
  await sql`TRUNCATE rate_limit_allowance`.execute(database.db);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((gateway) => gateway.close()));
});

async function gateways(count: number): Promise<TestGateway[]> {
  const clock = new ManualClock(new Date());
  for (let i = 0; i < count; i++) {
    running.push(await startTestGateway(database, { clock, rateLimit: LIMIT, refusalRateLimit: LIMIT }));
  }
  return running.slice(-count);
}

const statusOf = async (gateway: TestGateway, token: string, path = '/v1/token') =>
  (await call(`${gateway.url}${path}`, { token })).status;

test('two tokens of one account share one allowance', async () => {
  const [gateway] = await gateways(1);
  if (gateway === undefined) throw new Error('no gateway');
  const account = await newAccount(gateway.adminUrl);
  const first = await newToken(gateway.adminUrl, account);
  const second = await newToken(gateway.adminUrl, account);
  const statuses = [];
  for (let i = 0; i < BURST; i++) {
    statuses.push(await statusOf(gateway, first.token), await statusOf(gateway, second.token));
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  // Another account is not touched.
  const other = await newToken(gateway.adminUrl, await newAccount(gateway.adminUrl, 'Outra'));
  expect(await statusOf(gateway, other.token)).toBe(200);
});

test('two gateway instances on one database share one allowance, on every route', async () => {
  const [one, two] = await gateways(2);
  if (one === undefined || two === undefined) throw new Error('no gateways');
  const { token } = await newToken(one.adminUrl, await newAccount(one.adminUrl));
  expect(await statusOf(one, token)).toBe(200);
  expect(await statusOf(two, token)).toBe(200);
  expect(await statusOf(one, token)).toBe(200);
  // Spent across both: polling (served before express, decision 0044) is refused too, on either instance.
  const refused = await call(`${two.url}/v1/consultas/20260101000000001`, { token });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(refused.body.code).toBe(429);
  expect(await statusOf(one, token)).toBe(429);
});

test('repeated invalid tokens from one address: 401 up to the bound, then 429 with Retry-After', async () => {
  const [one, two] = await gateways(2);
  if (one === undefined || two === undefined) throw new Error('no gateways');
  const forged = forge({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, { sub: 'x' }, 'not-the-secret');
  const expiredClaims = { jti: crypto.randomUUID(), sub: crypto.randomUUID(), exp: 1, scope: '' };
  const expired = forge({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, expiredClaims, SECRETS.get('k1') ?? '');
  // Refusals counted over both instances: the bound holds across replicas too.
  expect(await statusOf(one, 'garbage')).toBe(401);
  expect(await statusOf(two, forged)).toBe(401);
  expect(await statusOf(one, expired)).toBe(401);
  for (const [gateway, token] of [
    [two, 'garbage'],
    [one, forged],
    [two, expired],
  ] as const) {
    const refused = await call(`${gateway.url}/v1/token`, { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual(expect.objectContaining({ code: 429, code_message: transportMessage(429) }));
  }
  // A request without any token is a refused credential as well.
  expect((await call(`${one.url}/v1/token`)).status).toBe(429);
  // A valid token from the same address is not held back by someone else's garbage.
  const { token } = await newToken(one.adminUrl, await newAccount(one.adminUrl));
  expect(await statusOf(two, token)).toBe(200);
});
