import { createDb, isDatabaseUnreachable } from '@regapi/db';
import { createTcpProxy, TEST_PG_URL } from '@regapi/testkit';

// docs/decisions/0125: the pool's clients give up making a connection after the connect timeout, so a database that
// answers nothing is a prompt 503, not a request held for minutes; waiting for a busy pool's free client is not
// bounded by it.

function through(port: number): string {
  const url = new URL(TEST_PG_URL);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

test('a database that answers nothing fails a query after the connect timeout, as unreachable', async () => {
  const server = new URL(TEST_PG_URL);
  const proxy = await createTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const handle = createDb(through(proxy.port), { connectTimeoutMs: 300, prepareStatements: false });
  try {
    proxy.blackhole();
    const startedAt = performance.now();
    const failure = await handle.pool.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    const waitedMs = performance.now() - startedAt;
    expect(isDatabaseUnreachable(failure)).toBe(true);
    // Bounded by the timeout (not the kernel's minutes of retransmissions); the upper bound leaves room for a slow
    // machine's timers, the lower one shows it was the timeout that ended it.
    expect(waitedMs).toBeGreaterThanOrEqual(290);
    expect(waitedMs).toBeLessThan(10_000);
  } finally {
    await proxy.close();
    await handle.close();
  }
});

test('a full pool makes a query wait for a free client, longer than the connect timeout, and then run', async () => {
  const handle = createDb(TEST_PG_URL, { max: 1, connectTimeoutMs: 200, prepareStatements: false });
  try {
    const holding = handle.pool.query('SELECT pg_sleep(0.6)');
    const waiting = handle.pool.query<{ answer: number }>('SELECT 42 AS answer');
    await holding;
    expect((await waiting).rows).toEqual([{ answer: 42 }]);
  } finally {
    await handle.close();
  }
});
