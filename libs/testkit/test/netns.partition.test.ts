import path from 'node:path';
import pg from 'pg';
import type { LinkPostgres } from '../src/netns/link-postgres';
import { createNetns, type Netns } from '../src/netns/netns';

// A partition between an origin session and PostgreSQL: does the server free the session's lease (an advisory lock)
// so another instance can take it? Only if the session asked its backend for keepalives of its own.

const HOLDER = path.join(__dirname, 'fixtures', 'advisory-lock-holder.js');
const KEEPALIVE_GUCS = ['tcp_keepalives_idle', 'tcp_keepalives_interval', 'tcp_keepalives_count', 'tcp_user_timeout'];
/** How long the session without keepalives is watched: its lock must outlast it (the kernel's default: 2 hours). */
const WATCH_MS = 20_000;

let netns: Netns;
let postgres: LinkPostgres;
let host: pg.Client;

/** The dedicated server's URL for the namespace, as a role with no special rights (as a service's would be). */
function leaseHolderUrl(): string {
  const url = new URL(postgres.nsUrl);
  url.username = 'lease_holder';
  return url.toString();
}

async function tryLock(key: number): Promise<boolean> {
  const { rows } = await host.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
  return rows[0]?.locked === true;
}

beforeAll(async () => {
  netns = await createNetns();
  postgres = await netns.startPostgres();
  host = new pg.Client({ connectionString: postgres.url });
  await host.connect();
  await host.query('CREATE ROLE lease_holder LOGIN');
});

afterAll(async () => {
  await host?.end();
  await netns?.destroy();
});

it('lets any role set the server-side keepalives of its own session (PostgreSQL 18)', async () => {
  const { rows } = await host.query<{ name: string; context: string }>(
    'SELECT name, context FROM pg_settings WHERE name = ANY($1) ORDER BY name',
    [KEEPALIVE_GUCS],
  );
  expect(rows).toEqual([...KEEPALIVE_GUCS].sort().map((name) => ({ name, context: 'user' })));
});

it('frees the lock of a cut session within seconds with server-side keepalives, and not without them', async () => {
  const withKeepalives = netns.spawn(process.execPath, [HOLDER, leaseHolderUrl(), '1', 'on', '0']);
  const without = netns.spawn(process.execPath, [HOLDER, leaseHolderUrl(), '2', 'off', '0']);
  await withKeepalives.waitForOutput(/^locked/m);
  await without.waitForOutput(/^locked/m);
  expect(await tryLock(1)).toBe(false);
  expect(await tryLock(2)).toBe(false);

  const cutAt = Date.now();
  await netns.cut('db');
  let released: number | undefined;
  let releasedWithout: number | undefined;
  while (Date.now() - cutAt < WATCH_MS) {
    if (released === undefined && (await tryLock(1))) released = Date.now() - cutAt;
    if (releasedWithout === undefined && (await tryLock(2))) releasedWithout = Date.now() - cutAt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(
    `lock freed ${released ?? 'never'} ms after the cut with keepalives (idle 2 s, interval 1 s, count 3, ` +
      `user timeout 5 s); without them: ${releasedWithout ?? `still held after ${WATCH_MS}`} ms`,
  );

  expect(released).toBeLessThan(10_000);
  expect(releasedWithout).toBeUndefined();
  // The backend saw a dead peer, not a closed connection: its read timed out.
  expect(postgres.output()).toMatch(/could not receive data from client: Connection timed out/);
  // Silence both ways: neither client was told anything, so each still believes it holds its lease.
  expect(withKeepalives.output()).not.toMatch(/session lost/);
  expect(without.output()).not.toMatch(/session lost/);
});
