import path from 'node:path';
import { freePort, freePortRange, type Spawned, spawnCaptured } from '@regapi/testkit';
import { SERVICES } from '../../src/distributed/services';
import { ROOT } from '../build-once';

export interface DistributedRunner {
  readonly process: Spawned;
  /** First port of each kind: service i listens on base + i (the gateway's public one is `publicBase`). */
  readonly publicBase: number;
  readonly internalBase: number;
  readonly metricsBase: number;
}

/**
 * `deploy/dist/distributed/main.js` (`pnpm start:distributed`) on free ports, against a test database and vhost,
 * with its local S3 store and secrets under `dataDir`; `env` adds or overrides variables. Build first.
 */
export async function spawnDistributedRunner(options: {
  readonly databaseUrl: string;
  readonly amqpUrl: string;
  readonly dataDir: string;
  /** The sandbox's database and vhost (decision 0099); none: the runner starts no sandbox. */
  readonly sandbox?: { readonly databaseUrl: string; readonly amqpUrl: string };
  readonly env?: Readonly<Record<string, string>>;
}): Promise<DistributedRunner & { readonly sandboxBase: number; readonly sandboxSimPort: number }> {
  // One range for the three kinds and the sandbox's, so two of them can never be drawn overlapping.
  const publicBase = await freePortRange(SERVICES.length * 3 + 30);
  const internalBase = publicBase + SERVICES.length;
  const metricsBase = internalBase + SERVICES.length;
  // The sandbox's services: internal ports from here, metrics 10 higher, unused public ones 20 higher.
  const sandboxBase = metricsBase + SERVICES.length;
  const sandboxSimPort = await freePort();
  const spawned = spawnCaptured(process.execPath, [path.join(ROOT, 'deploy/dist/distributed/main.js')], {
    cwd: ROOT,
    // Its own process group: a SIGKILL in a failed file's teardown takes its services with it.
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      AMQP_URL: options.amqpUrl,
      DATA_DIR: options.dataDir,
      S3_PORT: String(await freePort()),
      PORT_BASE: String(publicBase),
      INTERNAL_PORT_BASE: String(internalBase),
      METRICS_PORT_BASE: String(metricsBase),
      SIM_PORT: String(await freePort()),
      ...(options.sandbox === undefined
        ? { SANDBOX: 'false' }
        : {
            SANDBOX_DATABASE_URL: options.sandbox.databaseUrl,
            SANDBOX_AMQP_URL: options.sandbox.amqpUrl,
            SANDBOX_PORT_BASE: String(sandboxBase),
            SANDBOX_SIM_PORT: String(sandboxSimPort),
          }),
      ...options.env,
    },
  });
  return { process: spawned, publicBase, internalBase, metricsBase, sandboxBase, sandboxSimPort };
}
