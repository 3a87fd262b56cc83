import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { LinkPostgres } from '../src/netns/link-postgres';
import { createNetns, type Netns, type NetnsForward } from '../src/netns/netns';
import { TEST_AMQP_URL } from '../src/test-vhost';

// The two links of a fault namespace are cut and healed independently, and a cut is silence, not a refusal: the
// origin session must be able to lose PostgreSQL while the origin and the broker stay reachable, and the reverse.

const PROBE = path.join(__dirname, 'fixtures', 'probe.js');
/** Long enough for a reachable server on a loaded machine, short enough to wait for silence several times. */
const PROBE_TIMEOUT_MS = 2_000;

let netns: Netns;
let postgres: LinkPostgres;
let origin: Server;
let originDoor: NetnsForward;

/** What a process in the namespace gets from the origin (an HTTP server in this jest process) over "net". */
async function probeOrigin(): Promise<string> {
  const url = `http://${originDoor.host}:${originDoor.port}/`;
  const probe = netns.spawn(process.execPath, [PROBE, 'http', url, String(PROBE_TIMEOUT_MS)]);
  return (await probe.waitForOutput(/^(answer|failed) .*$/m))[0];
}

/** Whether a process in the namespace can open a connection to the dedicated PostgreSQL over "db". */
async function probePostgres(): Promise<string> {
  const { hostname, port } = new URL(postgres.nsUrl);
  const probe = netns.spawn(process.execPath, [PROBE, 'tcp', hostname, port, String(PROBE_TIMEOUT_MS)]);
  return (await probe.waitForOutput(/^(connected|failed .*)$/m))[0];
}

beforeAll(async () => {
  netns = await createNetns();
  postgres = await netns.startPostgres();
  origin = createServer((_request, response) => response.end('origin ok'));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const address = origin.address();
  if (typeof address !== 'object' || address === null) throw new Error('origin has no port');
  originDoor = await netns.forward(address.port);
});

afterAll(async () => {
  await netns?.destroy();
  await new Promise((resolve) => origin?.close(resolve));
});

it('reaches the origin over "net" and PostgreSQL over "db"', async () => {
  expect(await probeOrigin()).toBe('answer origin ok');
  expect(await probePostgres()).toBe('connected');
});

it('cut("net") silences the origin (a timeout, not a refusal) and leaves PostgreSQL reachable; heal restores it', async () => {
  await netns.cut('net');
  expect(await probeOrigin()).toBe('failed timeout');
  expect(await probePostgres()).toBe('connected');
  await netns.heal('net');
  expect(await probeOrigin()).toBe('answer origin ok');
});

it('cut("db") silences PostgreSQL and leaves the origin reachable; heal restores it', async () => {
  await netns.cut('db');
  expect(await probePostgres()).toBe('failed timeout');
  expect(await probeOrigin()).toBe('answer origin ok');
  await netns.heal('db');
  expect(await probePostgres()).toBe('connected');
});

it('reaches RabbitMQ through a forwarder on "net" (the broker sees a loopback client: guest may log in)', async () => {
  const broker = new URL(TEST_AMQP_URL);
  const door = await netns.forward(Number(broker.port || 5672), broker.hostname);
  broker.hostname = door.host;
  broker.port = String(door.port);
  const probe = netns.spawn(process.execPath, [PROBE, 'amqp', broker.toString(), String(PROBE_TIMEOUT_MS)]);
  expect((await probe.waitForOutput(/^(connected|failed .*)$/m))[0]).toBe('connected');
});

it('runs the repository migrations on the dedicated PostgreSQL', async () => {
  const migrated = await netns.startPostgres({ migrate: true });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: migrated.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      "SELECT count(*) AS tables FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(Number(rows[0]?.tables)).toBeGreaterThan(5);
  } finally {
    await client.end();
  }
});
