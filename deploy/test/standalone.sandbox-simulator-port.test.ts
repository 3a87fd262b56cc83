import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOriginSimulator } from '@regapi/origin-simulator';
import { freePort } from '@regapi/testkit';
import { SANDBOX_SIM_PORT_FILE, startSandboxSimulator } from '../src/standalone/sandbox-simulator-port';

// Issue 29: the sandbox's orders keep the simulator's document addresses, so a restart must not move it.
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-sim-port-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function startAndStop(configuredPort: number): Promise<number> {
  const simulator = createOriginSimulator({ punctual: true });
  const running = await startSandboxSimulator(simulator, dataDir, configuredPort);
  await simulator.stop();
  return running.port;
}

test('unset, the first start takes a free port and remembers it in DATA_DIR; a restart comes back on it', async () => {
  const first = await startAndStop(0);
  expect(readFileSync(path.join(dataDir, SANDBOX_SIM_PORT_FILE), 'utf8').trim()).toBe(String(first));
  expect(await startAndStop(0)).toBe(first);
});

test('SANDBOX_SIM_PORT set wins over the remembered port', async () => {
  await startAndStop(0);
  const configured = await freePort();
  expect(await startAndStop(configured)).toBe(configured);
});

test('a remembered port taken by another program fails the start, naming the file, instead of moving', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  writeFileSync(path.join(dataDir, SANDBOX_SIM_PORT_FILE), `${address.port}\n`);
  try {
    await expect(startAndStop(0)).rejects.toThrow(SANDBOX_SIM_PORT_FILE);
  } finally {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  }
});
