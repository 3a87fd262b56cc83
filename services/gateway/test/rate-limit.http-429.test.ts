import { ManualClock } from '@regapi/calendar';
import { transportMessage } from '@regapi/contracts';
import { createDb } from '@regapi/db';
import { createHttpApp, guardMiddleware, HttpError, listen, type RunningServer, sendEnvelope } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';
import { type RequestHandler, Router } from 'express';
import { sql } from 'kysely';
import { setAuth } from '../src/auth/auth-context';
import { UnauthorizedError } from '../src/auth/token-errors';
import { createRateLimiter, limitRefusals, rateLimit } from '../src/rate-limit';

// Decisions 0035 and 0055 over HTTP: the 429 envelope with Retry-After and the RateLimit fields, a bucket per ACCOUNT
// (every token of it), the fields on every answer past the limiter. A stand-in for `authenticate` sets the caller the
// same way: the account `X-Test-Account` names (default ACCOUNT), the token `X-Test-Token` names.

const ACCOUNT = '7d0c4a52-3f7e-4bd4-9a3e-2c1f3b1a9e10';
const OTHER_ACCOUNT = '1f9e6b0a-52c4-4d1e-8f7a-3b2c1d0e9f8a';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Like `authenticate`: the caller is whoever `X-Test-Token` names; without it, the 401 envelope. */
const fakeAuth: RequestHandler = (req, res, next) => {
  const tokenId = req.get('x-test-token');
  if (tokenId === undefined) throw new HttpError(401, transportMessage(401));
  const accountId = req.get('x-test-account') ?? ACCOUNT;
  setAuth(res, {
    accountId,
    tokenId,
    scopes: [],
    expiresAt: new Date('2030-01-01T00:00:00Z'),
    allowedNetworks: null,
    ambiente: 'producao',
  });
  next();
};

const database = useTestDatabase();
let clock: ManualClock;
let server: RunningServer;

// Each test gets its own clock, limiter (3 at once, one every 2 s), server and empty buckets: no test sees another's.
beforeEach(async () => {
  await sql`TRUNCATE rate_limit_allowance`.execute(database.db);
  clock = new ManualClock(new Date('2026-03-02T12:00:00Z'));
  const limited = guardMiddleware(
    rateLimit(createRateLimiter({ burst: 3, perSecond: 0.5 }, { db: database.db, clock })),
  );
  const router = Router();
  router.get('/v1/ping', fakeAuth, limited, (_req, res) => {
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok', data: [{ pong: true }] });
  });
  router.post('/v1/refused-later', fakeAuth, limited, () => {
    throw new HttpError(422, transportMessage(422));
  });
  server = await listen(createHttpApp({ logger: silentLogger(), routers: [router] }), 0);
});

afterEach(async () => {
  await server.close(100);
});

async function call(path: string, token?: string, method = 'GET', account = ACCOUNT) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: token === undefined ? {} : { 'x-test-token': token, 'x-test-account': account },
  });
  const body = (await response.json()) as {
    code: number;
    code_message: string;
    header: Record<string, unknown>;
    data: unknown[];
    errors: unknown[];
  };
  return { status: response.status, headers: response.headers, body };
}

async function spend(token: string, times = 3): Promise<void> {
  for (let i = 0; i < times; i++) expect((await call('/v1/ping', token)).status).toBe(200);
}

test('within the burst: 200, with RateLimit and RateLimit-Policy, no Retry-After', async () => {
  const answers = [await call('/v1/ping', 'tok-a'), await call('/v1/ping', 'tok-a'), await call('/v1/ping', 'tok-a')];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual([
    '"default";r=2;t=2',
    '"default";r=1;t=2',
    '"default";r=0;t=2',
  ]);
  for (const answer of answers) {
    expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=3;w=6');
    expect(answer.headers.get('retry-after')).toBeNull();
  }
});

test('over the burst: the 429 envelope with Retry-After in whole seconds, never billed', async () => {
  await spend('tok-a');
  clock.advance(500);
  const refused = await call('/v1/ping', 'tok-a');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('content-type')).toMatch(/application\/json/);
  // 2 s per token at 0.5 per second, 0.5 s already refilled: 1.5 s, rounded up.
  expect(refused.headers.get('retry-after')).toBe('2');
  expect(refused.headers.get('ratelimit')).toBe('"default";r=0;t=2');
  expect(refused.headers.get('ratelimit-policy')).toBe('"default";q=3;w=6');
  expect(refused.body).toEqual(
    expect.objectContaining({
      code: 429,
      code_message: transportMessage(429),
      data: [],
      errors: [],
      header: expect.objectContaining({ billable: false, price: 0, request_id: expect.stringMatching(UUID) }),
    }),
  );
});

test('another token of the same account shares its bucket', async () => {
  await spend('tok-a');
  expect((await call('/v1/ping', 'tok-a')).status).toBe(429);
  const sameAccount = await call('/v1/ping', 'tok-b');
  expect(sameAccount.status).toBe(429);
  expect(sameAccount.headers.get('retry-after')).toBe('2');
});

test('another account has its own bucket', async () => {
  await spend('tok-a');
  expect((await call('/v1/ping', 'tok-a')).status).toBe(429);
  const other = await call('/v1/ping', 'tok-b', 'GET', OTHER_ACCOUNT);
  expect(other.status).toBe(200);
  expect(other.headers.get('ratelimit')).toBe('"default";r=2;t=2');
  expect((await call('/v1/ping', 'tok-a')).status).toBe(429);
});

test('after Retry-After the token passes again, and only then', async () => {
  await spend('tok-a');
  clock.advance(500);
  const refused = await call('/v1/ping', 'tok-a');
  expect(refused.headers.get('retry-after')).toBe('2');
  clock.advance(1499);
  expect((await call('/v1/ping', 'tok-a')).status).toBe(429);
  clock.advance(1);
  const again = await call('/v1/ping', 'tok-a');
  expect(again.status).toBe(200);
  expect(again.headers.get('ratelimit')).toBe('"default";r=0;t=2');
  expect((await call('/v1/ping', 'tok-a')).status).toBe(429);
});

test('an error answered after the limiter still carries the RateLimit fields, and the call counted', async () => {
  const answer = await call('/v1/refused-later', 'tok-c', 'POST');
  expect(answer.status).toBe(422);
  expect(answer.body.code).toBe(422);
  expect(answer.headers.get('ratelimit')).toBe('"default";r=2;t=2');
  expect(answer.headers.get('ratelimit-policy')).toBe('"default";q=3;w=6');
  expect((await call('/v1/ping', 'tok-c')).headers.get('ratelimit')).toBe('"default";r=1;t=2');
});

test('a request refused by authentication never reaches a bucket', async () => {
  const answer = await call('/v1/ping');
  expect(answer.status).toBe(401);
  expect(answer.headers.get('ratelimit')).toBeNull();
});

test('refused credentials whose limit cannot reach its database are still the 401, never a 5xx', async () => {
  // Nothing listens at port 9 (discard): every statement of this limiter fails to connect.
  const unreachable = createDb('postgres://postgres@127.0.0.1:9/none', { max: 1 });
  const refusing = {
    check() {
      throw new UnauthorizedError('malformed');
    },
  };
  const guard = guardMiddleware(
    limitRefusals(refusing, createRateLimiter({ burst: 1, perSecond: 1 }, { db: unreachable.db, clock })),
  );
  const router = Router();
  router.get('/v1/refusing', guard, (_req, res) => {
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok', data: [] });
  });
  const alone = await listen(createHttpApp({ logger: silentLogger(), routers: [router] }), 0);
  try {
    for (let i = 0; i < 3; i++) expect((await fetch(`${alone.url}/v1/refusing`)).status).toBe(401);
  } finally {
    await alone.close(100);
    await unreachable.close();
  }
});
