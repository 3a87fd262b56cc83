import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { LinkPostgres } from '../src/netns/link-postgres';
import { createNetns, type Netns } from '../src/netns/netns';
import { waitFor } from '../src/wait-for';

// A process that is frozen (SIGSTOP, a long GC pause, a VM stalled) but whose machine is alive keeps its TCP session:
// its kernel answers the server's keepalives. Its PostgreSQL session, and so an advisory lock taken as a lease, lives
// on however aggressive the keepalives: only a lease with an expiry tells the others it stopped working.

const HOLDER = path.join(__dirname, 'fixtures', 'advisory-lock-holder.js');
/** Twice the release time the same keepalive settings give after a cut (netns.partition.test.ts: about 5 s). */
const FROZEN_MS = 10_000;

let netns: Netns;
let postgres: LinkPostgres;
let host: pg.Client;

beforeAll(async () => {
  netns = await createNetns();
  postgres = await netns.startPostgres();
  host = new pg.Client({ connectionString: postgres.url });
  await host.connect();
});

afterAll(async () => {
  await host?.end();
  await netns?.destroy();
});

function processState(pid: number): string {
  // /proc/<pid>/stat: "pid (comm) state ...": T is stopped.
  return (
    readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')[0] ?? ''
  );
}

it('spawns the command itself in the namespace, so signals reach the real process', async () => {
  const sleeper = netns.spawn(process.execPath, ['-e', 'console.log("ready"); setTimeout(() => undefined, 60_000)']);
  await sleeper.waitForOutput(/ready/);
  const pid = sleeper.child.pid ?? 0;
  expect(realpathSync(`/proc/${pid}/exe`)).toBe(realpathSync(process.execPath));
  expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
  expect(await sleeper.stop('SIGKILL')).toMatchObject({ exit: 'SIGKILL' });
});

it('keeps the session and the lock of a stopped process alive despite keepalives, until it resumes', async () => {
  const holder = netns.spawn(process.execPath, [HOLDER, postgres.nsUrl, '7', 'on', '500']);
  const [, backendPid] = (await holder.waitForOutput(/^locked pid=(\d+)/m)) ?? [];
  await holder.waitForOutput(/^alive 1$/m);
  const pid = holder.child.pid ?? 0;

  process.kill(pid, 'SIGSTOP');
  // The signal is delivered asynchronously: the process may still be running for a moment.
  await waitFor(() => processState(pid) === 'T', { what: 'the holder stopped' });
  const beatsWhenStopped = (holder.output().match(/^alive/gm) ?? []).length;
  await new Promise((resolve) => setTimeout(resolve, FROZEN_MS));

  const { rows } = await host.query<{ locked: boolean; sessions: number }>(
    `SELECT pg_try_advisory_lock(7) AS locked,
            (SELECT count(*)::int FROM pg_stat_activity WHERE pid = $1) AS sessions`,
    [Number(backendPid)],
  );
  expect(rows[0]).toEqual({ locked: false, sessions: 1 });
  expect(postgres.output()).not.toMatch(/could not receive data from client/);

  process.kill(pid, 'SIGCONT');
  // It carries on where it stopped, on the same session, still holding the lock.
  await holder.waitForOutput(new RegExp(`^alive ${beatsWhenStopped + 1}$`, 'm'));
  expect(holder.output()).not.toMatch(/session lost/);
  const after = await host.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(7) AS locked');
  expect(after.rows[0]?.locked).toBe(false);
});
