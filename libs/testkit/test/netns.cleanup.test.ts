import { connect } from 'node:net';
import path from 'node:path';
import { spawnCaptured } from '../src/child-process';
import { ip } from '../src/netns/ip-command';
import { createNetns } from '../src/netns/netns';
import { sweepStaleFaultHarness } from '../src/netns/sweep';
import { harnessHostLinks, harnessNamespaces } from '../src/netns/teardown';
import { waitFor } from '../src/wait-for';

// A fault namespace must leave nothing behind: not after destroy, not when the test process exits without it, and
// not after a SIGKILLed run (the next run's sweep).

const ROOT = path.resolve(__dirname, '..', '..', '..');
const ABANDONED = path.join(__dirname, 'fixtures', 'abandoned-netns.ts');

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Namespaces and host links of this harness that are still there, among those of `name`'s slot. */
async function leftovers(name: string): Promise<string[]> {
  const slot = name.split('-').at(-1);
  const links = (await harnessHostLinks())
    .map((link) => link.device)
    .filter((device) => device.startsWith(`rfx${slot}`));
  return [...(await harnessNamespaces()).filter((each) => each === name), ...links];
}

async function nothingLeft(ready: RegExpMatchArray): Promise<void> {
  const [, name = '', port, innerPid] = ready;
  await waitFor(async () => (await leftovers(name)).length === 0, { what: `${name} gone`, timeoutMs: 10_000 });
  await waitFor(async () => !(await portOpen(Number(port))), { what: 'its PostgreSQL stopped', timeoutMs: 10_000 });
  await waitFor(() => !processExists(Number(innerPid)), { what: 'its process killed', timeoutMs: 10_000 });
}

/** Runs fixtures/abandoned-netns.ts in its own node process (tsx), so it can die the way a test process can. */
function abandon(mode: 'kill' | 'exit') {
  return spawnCaptured(process.execPath, ['--import', 'tsx', ABANDONED, mode], { cwd: ROOT });
}

it('destroy removes the namespace, its links, its PostgreSQL and its processes, even stopped and cut', async () => {
  const netns = await createNetns();
  const postgres = await netns.startPostgres();
  const inner = netns.spawn(process.execPath, ['-e', 'console.log("in"); setInterval(() => undefined, 60_000)']);
  await inner.waitForOutput(/in/);
  process.kill(inner.child.pid ?? 0, 'SIGSTOP');
  await netns.cut('db');
  expect(await leftovers(netns.name)).toHaveLength(3);

  await netns.destroy();
  await nothingLeft(['', netns.name, String(postgres.port), String(inner.child.pid)]);
  expect(await ip(['-o', '-4', 'addr', 'show'])).not.toContain(` ${netns.links.db.hostIp}/`);
  await netns.destroy();
});

it('leaves nothing when the test process exits without destroying', async () => {
  const run = abandon('exit');
  const ready = await run.waitForOutput(/^ready (\S+) (\d+) (\d+)$/m, 30_000);
  expect(await run.exited).toBe(0);
  await nothingLeft(ready);
});

it("sweeps a SIGKILLed run's namespace, links, PostgreSQL and processes", async () => {
  const run = abandon('kill');
  const ready = await run.waitForOutput(/^ready (\S+) (\d+) (\d+)$/m, 30_000);
  const [, name = '', port] = ready;
  await run.stop('SIGKILL');
  // A SIGKILLed process runs nothing: everything is still there.
  expect(await leftovers(name)).toHaveLength(3);
  expect(await portOpen(Number(port))).toBe(true);

  const swept = await sweepStaleFaultHarness();
  expect(swept.namespaces).toContain(name);
  expect(swept.clusters.filter((folder) => folder.includes(`-${run.child.pid}-`))).toHaveLength(1);
  await nothingLeft(ready);
});
