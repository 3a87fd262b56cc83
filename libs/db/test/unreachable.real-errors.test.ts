import { isDatabaseUnreachable } from '@regapi/db';
import { createTcpProxy, TEST_PG_URL } from '@regapi/testkit';
import pg from 'pg';

// docs/decisions/0058: the one classification of "the database cannot be reached", shown on the errors pg really
// throws: a refused connection, a connection dropped under a query; a wrong statement is not one.

function clientThrough(port: number): pg.Client {
  const url = new URL(TEST_PG_URL);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined);
  return client;
}

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error: unknown) {
    return error;
  }
  throw new Error('expected a failure');
}

test('a refused connection and a connection dropped under a query are connection errors', async () => {
  const server = new URL(TEST_PG_URL);
  const proxy = await createTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  try {
    const dropped = clientThrough(proxy.port);
    await dropped.connect();
    const query = errorOf(() => dropped.query('SELECT pg_sleep(5)'));
    await proxy.cut();
    expect(isDatabaseUnreachable(await query)).toBe(true);

    const refused = await errorOf(() => clientThrough(proxy.port).connect());
    expect(isDatabaseUnreachable(refused)).toBe(true);
    // Wrapped by a caller that keeps the cause.
    expect(isDatabaseUnreachable(new Error('acceptance failed', { cause: refused }))).toBe(true);
  } finally {
    await proxy.close();
  }
});

test('a statement the server refuses, and errors that are not the database, are not connection errors', async () => {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    expect(isDatabaseUnreachable(await errorOf(() => client.query('SELEC 1')))).toBe(false);
    expect(isDatabaseUnreachable(await errorOf(() => client.query('SELECT 1/0')))).toBe(false);
  } finally {
    await client.end();
  }
  expect(isDatabaseUnreachable(new TypeError('x is undefined'))).toBe(false);
  expect(isDatabaseUnreachable(undefined)).toBe(false);
  expect(isDatabaseUnreachable({ code: '08006' })).toBe(true);
  expect(isDatabaseUnreachable({ code: '57P01' })).toBe(true);
});
