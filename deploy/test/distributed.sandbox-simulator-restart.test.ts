import path from 'node:path';
import {
  type CallOptions,
  createHttpOriginPortal,
  expectKind,
  type OriginPortal,
  type PropertyRef,
} from '@regapi/origin';
import { freePort, spawnCaptured } from '@regapi/testkit';
import { type RunnerProcess, type SandboxConfig, sandboxProcesses } from '../src/distributed/sandbox-processes';
import { ROOT } from './build-once';
import { useRestartDataDir } from './support/restart-data-dir';

// Issue 29 item 1 in distributed mode (`pnpm start:distributed`): the sandbox's simulator is its own process. Its
// address is the fixed SANDBOX_SIM_PORT every sandbox service is given, and a restart of the process must bring back
// the orders it took, or a certificate accepted before it is "not found" for ever after.

jest.setTimeout(120_000);

const CALL: CallOptions = { timeoutMs: 20_000 };
const system = useRestartDataDir('regapi-distributed-sim-');

async function sandboxConfig(): Promise<SandboxConfig> {
  return {
    DATA_DIR: system.dataDir,
    DATABASE_URL: 'postgres://127.0.0.1:1/regapi',
    AMQP_URL: 'amqp://127.0.0.1:1/regapi',
    S3_BUCKET: 'regapi-documents',
    SIM_USERNAME: 'regapi',
    SIM_PASSWORD: 'simulador',
    SANDBOX_DATABASE_URL: undefined,
    SANDBOX_AMQP_URL: undefined,
    SANDBOX_PORT_BASE: 9280,
    SANDBOX_SIM_PORT: await freePort(),
    SANDBOX_TIME_SCALE: 0.005,
  };
}

/** The simulator's process as the runner spawns it: its own main.js, the runner's variables and its own. */
async function startSimulator(entry: RunnerProcess, config: SandboxConfig): Promise<{ url: string }> {
  const running = spawnCaptured(process.execPath, [path.join(ROOT, 'services/origin-simulator/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, SIM_USERNAME: config.SIM_USERNAME, SIM_PASSWORD: config.SIM_PASSWORD, ...entry.env },
  });
  system.running = running;
  const [, url = ''] = await running.waitForOutput(/"origin simulator listening","url":"(http:\/\/[^"]+)"/, 60_000);
  return { url };
}

async function loggedIn(url: string, config: SandboxConfig): Promise<OriginPortal> {
  const portal = createHttpOriginPortal({
    baseUrl: url,
    username: config.SIM_USERNAME,
    password: config.SIM_PASSWORD,
  });
  expectKind(await portal.login(CALL), 'logged-in');
  return portal;
}

test("the sandbox's simulator keeps its address and its orders across a restart of its process", async () => {
  const config = await sandboxConfig();
  const [simulator, ...services] = sandboxProcesses(config, { databaseUrl: 'postgres://x/y', amqpUrl: 'amqp://x/y' });
  if (simulator === undefined) throw new Error('no sandbox simulator process');
  // One address, from the configuration alone: every sandbox service is given the port the simulator listens on.
  const address = `http://127.0.0.1:${config.SANDBOX_SIM_PORT}`;
  expect(services.map((service) => service.env.ORIGIN_URL)).toEqual(services.map(() => address));

  const first = await startSimulator(simulator, config);
  expect(first.url).toBe(address);
  // docs/sandbox.md: office 1 of Brejo Novo (AC) issues this record's certificate at its forecast.
  const property: PropertyRef = {
    matricula: '39240',
    cartorioNumero: 1,
    cartorioMunicipio: 'Brejo Novo',
    cartorioUf: 'AC',
  };
  const { certificate } = expectKind(
    await (await loggedIn(first.url, config)).orderCertificate(property, CALL),
    'accepted',
  );
  expect((await system.running?.stop('SIGTERM'))?.exit).toBe(0);

  // The runner started again: the same processes, the same variables.
  const [again] = sandboxProcesses(config, { databaseUrl: 'postgres://x/y', amqpUrl: 'amqp://x/y' });
  if (again === undefined) throw new Error('no sandbox simulator process');
  const second = await startSimulator(again, config);
  expect(second.url).toBe(address);
  const check = await (await loggedIn(second.url, config)).checkOrder(certificate.numeroPedido, CALL);
  // Still known: in the office's queue (or issued, on a machine slow enough to pass its forecast), never "not found".
  expect(check).toEqual(expect.objectContaining({ kind: expect.stringMatching(/^(accepted|certificate-issued)$/) }));
  expect((await system.running?.stop('SIGTERM'))?.exit).toBe(0);
  system.running = undefined;
});
