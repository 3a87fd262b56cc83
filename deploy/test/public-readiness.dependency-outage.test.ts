import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  callJson,
  createTcpProxy,
  createTestDatabase,
  createTestVhost,
  freePort,
  type Spawned,
  spawnCaptured,
  startTestS3,
  type TcpProxy,
  type TestDatabase,
  type TestS3,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { buildWorkspace, ROOT } from './build-once';

// Issue 28, decision 0125: a short outage of PostgreSQL or RabbitMQ must not take every gateway and console replica out
// of its Service at once (clients would get the edge's own 503, Envoy's "no healthy upstream", not our envelope). The
// compiled processes run with both dependencies behind TCP proxies that the test cuts, so the shared servers keep
// running for every other file.

jest.setTimeout(90_000);

let database: TestDatabase;
let vhost: TestVhost;
let s3: TestS3;
let pgProxy: TcpProxy;
let amqpProxy: TcpProxy;
const children: Spawned[] = [];

interface Listeners {
  readonly port: number;
  readonly internalPort: number;
}

function through(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

async function start(service: 'gateway' | 'console', env: Record<string, string>): Promise<Listeners> {
  const listeners = { port: await freePort(), internalPort: await freePort() };
  const child = spawnCaptured(process.execPath, [path.join(ROOT, `services/${service}/dist/main.js`)], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listeners.port),
      INTERNAL_PORT: String(listeners.internalPort),
      METRICS_PORT: '0',
      DATABASE_URL: through(database.url, pgProxy),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  children.push(child);
  await waitFor(
    async () => {
      if (child.child.exitCode !== null) throw new Error(`${service} exited:\n${child.output().slice(-4000)}`);
      return (await readiness(listeners).catch(() => undefined))?.http === 200;
    },
    { timeoutMs: 30_000, what: `${service} ready` },
  );
  return listeners;
}

async function readiness(listeners: Listeners) {
  const response = await fetch(`http://127.0.0.1:${listeners.internalPort}/readyz`);
  const body = (await response.json()) as {
    data: { service: string; status: string; checks: Record<string, string> }[];
  };
  const [answer] = body.data;
  if (answer === undefined) throw new Error('a readiness answer without data');
  return { http: response.status, service: answer.service, status: answer.status, checks: answer.checks };
}

const JWT_KEYS = `outage:${randomBytes(48).toString('base64url')}`;
const ADMIN_TOKEN = randomBytes(32).toString('base64url');
let gateway: Listeners;
let consoleProcess: Listeners;

beforeAll(async () => {
  buildWorkspace();
  [database, vhost, s3] = await Promise.all([createTestDatabase(), createTestVhost(), startTestS3()]);
  const pg = new URL(database.url);
  pgProxy = await createTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
  const amqp = new URL(vhost.url);
  amqpProxy = await createTcpProxy({ host: amqp.hostname, port: Number(amqp.port || 5672) });
  gateway = await start('gateway', {
    AMQP_URL: through(vhost.url, amqpProxy),
    JWT_KEYS,
    ADMIN_TOKEN,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
  });
  consoleProcess = await start('console', { JWT_KEYS });
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await Promise.all([pgProxy.close(), amqpProxy.close()]);
  await Promise.all([database.drop(), vhost.delete(), s3.close()]);
});

test('with PostgreSQL and RabbitMQ cut, the gateway and the console stay ready and answer their own 503 with Retry-After', async () => {
  await waitFor(async () => (await readiness(gateway)).checks.broker === 'ok', { what: 'the gateway on the broker' });
  const admin = (method: string, route: string, body?: unknown) =>
    callJson(`http://127.0.0.1:${gateway.internalPort}${route}`, { method, token: ADMIN_TOKEN, body });
  const account = await admin('POST', '/admin/v1/accounts', { name: 'Cliente da queda' });
  const issued = await admin('POST', '/admin/v1/tokens', {
    account_id: account.body.data[0]?.account_id,
    scopes: ['consultas:pesquisa-previa-bens'],
    ttl: '1d',
  });
  const token = String(issued.body.data[0]?.token);
  const lookUp = () => callJson(`http://127.0.0.1:${gateway.port}/v1/consultas/000000000000000`, { token });
  expect((await lookUp()).status).toBe(404);

  await Promise.all([pgProxy.cut(), amqpProxy.cut()]);
  await waitFor(async () => (await readiness(gateway)).checks.broker === 'down', { what: 'the broker seen down' });
  // Ready, with what is down named for the people looking.
  expect(await readiness(gateway)).toEqual({
    http: 200,
    service: 'gateway',
    status: 'ready',
    checks: { database: 'down', broker: 'down', storage: 'ok', started: 'ok' },
  });
  expect(await readiness(consoleProcess)).toEqual({
    http: 200,
    service: 'console',
    status: 'ready',
    checks: { database: 'down', started: 'ok' },
  });

  const unavailable = await lookUp();
  expect(unavailable.status).toBe(503);
  expect(unavailable.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(unavailable.body).toMatchObject({ code: 503 });

  // A console page that needs the database (the session behind a cookie): the console's own 503 page.
  const page = await fetch(`http://127.0.0.1:${consoleProcess.port}/`, {
    headers: { cookie: `__Host-regapi-console=${randomBytes(32).toString('base64url')}` },
    redirect: 'manual',
  });
  expect(page.status).toBe(503);
  expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await page.text()).toContain('temporariamente indisponível');

  await Promise.all([pgProxy.restore(), amqpProxy.restore()]);
  await waitFor(async () => Object.values((await readiness(gateway)).checks).every((check) => check === 'ok'), {
    what: 'the gateway on both again',
  });
  expect((await lookUp()).status).toBe(404);
});
