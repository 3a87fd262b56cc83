import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createTcpProxy,
  createTestDatabase,
  createTestVhost,
  freePort,
  type Spawned,
  spawnCaptured,
  type TcpProxy,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { buildWorkspace, ROOT } from './build-once';

// Issue 12 item 14 (docs/decisions/0058): a service started while PostgreSQL is down waits for it, alive and unready,
// instead of exiting. The compiled origin-session (its start writes the catalog sync schedule) reaches the test
// file's database through a TCP proxy that is closed when the process starts and opened later; the shared
// PostgreSQL keeps running for every other test file.

jest.setTimeout(90_000);

let database: TestDatabase;
let vhost: TestVhost;
let proxy: TcpProxy;
const children: Spawned[] = [];

beforeAll(async () => {
  buildWorkspace();
  database = await createTestDatabase();
  vhost = await createTestVhost();
  const url = new URL(database.url);
  proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
});

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
  await proxy.close();
  await vhost.delete();
  await database.drop();
});

async function startOriginSession(port: number): Promise<Spawned> {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const child = spawnCaptured(process.execPath, [path.join(ROOT, 'services/origin-session/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Health and readiness are on the internal listener (decision 0054); origin-session opens no public one.
      INTERNAL_PORT: String(port),
      METRICS_PORT: '0',
      DATABASE_URL: url.toString(),
      AMQP_URL: vhost.url,
      // Nothing listens there: the catalog sync it schedules fails and is retried, which is not this test's concern.
      ORIGIN_URL: `http://127.0.0.1:${await freePort()}`,
      ORIGIN_PASSWORD: 'unused',
    },
  });
  children.push(child);
  return child;
}

async function probe(port: number, route: '/healthz' | '/readyz') {
  const response = await fetch(`http://127.0.0.1:${port}${route}`);
  const body = (await response.json()) as { data: { checks?: Record<string, string> }[] };
  return { status: response.status, checks: body.data[0]?.checks };
}

test('origin-session started with its database unreachable stays alive and unready, then becomes ready when it answers', async () => {
  await proxy.cut();
  const port = await freePort();
  const child = await startOriginSession(port);
  await child.waitForOutput(/database unreachable: waiting for it/);
  // Several attempts later (250 ms doubling) it is still there, live and not ready.
  await sleep(2_000);
  expect(child.child.exitCode).toBeNull();
  await waitFor(async () => (await probe(port, '/readyz')).checks?.broker === 'ok', { what: 'the broker connected' });
  expect((await probe(port, '/healthz')).status).toBe(200);
  expect(await probe(port, '/readyz')).toEqual({
    status: 503,
    checks: { database: 'down', broker: 'ok', started: 'down' },
  });

  await proxy.restore();
  await child.waitForOutput(/origin-session listening/, 30_000);
  await waitFor(async () => (await probe(port, '/readyz')).status === 200, { what: 'origin-session ready' });
  expect(await probe(port, '/readyz')).toEqual({
    status: 200,
    checks: { database: 'ok', broker: 'ok', started: 'ok' },
  });
  expect(await child.stop('SIGTERM')).toMatchObject({ exit: 0 });
});

test('a service still waiting for its database stops cleanly on SIGTERM', async () => {
  await proxy.cut();
  const child = await startOriginSession(await freePort());
  await child.waitForOutput(/database unreachable: waiting for it/);
  expect(await child.stop('SIGTERM')).toMatchObject({ exit: 0 });
  await proxy.restore();
});
