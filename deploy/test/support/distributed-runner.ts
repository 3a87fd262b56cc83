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
  readonly env?: Readonly<Record<string, string>>;
}): Promise<DistributedRunner> {
  // One range for the three kinds, so two of them can never be drawn overlapping.
  const publicBase = await freePortRange(SERVICES.length * 3);
  const internalBase = publicBase + SERVICES.length;
  const metricsBase = internalBase + SERVICES.length;
  const spawned = spawnCaptured(process.execPath, [path.join(ROOT, 'deploy/dist/distributed/main.js')], {
    cwd: ROOT,
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
      ...options.env,
    },
  });
  return { process: spawned, publicBase, internalBase, metricsBase };
}
