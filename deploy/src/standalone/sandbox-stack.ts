import path from 'node:path';
import { createDeadLetterTable, createInProcessBus, createOutboxRelay } from '@regapi/bus';
import { createDb, migrateToLatest } from '@regapi/db';
import { createFileStorage } from '@regapi/documents';
import type { SandboxDeps } from '@regapi/gateway';
import type { ReadinessCheck } from '@regapi/http';
import { createOriginSimulator } from '@regapi/origin-simulator';
import type { Service } from '@regapi/runtime';
import type { Logger } from '@regapi/telemetry';
import { type BackendSettings, backendServices, stackReadiness } from './backend-services';
import { ensureDatabase } from './ensure-database';
import { SANDBOX_SIM_ORDERS_FILE, startSandboxSimulator } from './sandbox-simulator-port';

/** The sandbox's database on the embedded server, beside production's `regapi`. */
export const SANDBOX_DATABASE = 'regapi_sandbox';

export interface SandboxStackInput {
  readonly postgresUrl: string;
  readonly dataDir: string;
  readonly logger: Logger;
  readonly seed: number;
  readonly timeScale: number;
  readonly simulatorPort: number;
  readonly backend: Omit<BackendSettings, 'origin' | 'storage' | 'originTimeScale'>;
}

export interface SandboxStack {
  /** What the gateway serves `teste` tokens from. */
  readonly gateway: SandboxDeps;
  readonly simulatorUrl: string;
  readonly readiness: Readonly<Record<string, ReadinessCheck>>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The sandbox (issue 17, docs/decisions/0099): the same services as production on state of its own — its database,
 * its bus, its document folder — and a punctual origin simulator with fast time as its origin. Nothing here can reach
 * production's origin session, queues or ledger: none of them is handed in.
 */
export async function startSandboxStack(input: SandboxStackInput): Promise<SandboxStack> {
  const logger = input.logger.child({ ambiente: 'teste' });
  const db = createDb(await ensureDatabase(input.postgresUrl, SANDBOX_DATABASE), { applicationName: 'sandbox' });
  const applied = await migrateToLatest(db.db);
  logger.info({ applied }, 'sandbox database ready');
  const simulator = createOriginSimulator({
    seed: input.seed,
    timeScale: input.timeScale,
    punctual: true,
    // Its orders and its port outlive a restart: a certificate in flight is still known, at the same address.
    ordersFile: path.join(input.dataDir, SANDBOX_SIM_ORDERS_FILE),
  });
  const origin = await startSandboxSimulator(simulator, input.dataDir, input.simulatorPort);
  const documents = () => createFileStorage(path.join(input.dataDir, 'documents-sandbox'));
  const bus = createInProcessBus({ logger, deadLetters: createDeadLetterTable(db.db) });
  const relay = createOutboxRelay({ db, bus, logger });
  // No metrics: production's figures count production's traffic only.
  const services: Service[] = backendServices(
    { db, bus, logger },
    {
      ...input.backend,
      origin: { url: origin.url, ...simulator.credentials },
      storage: documents,
      sandbox: true,
      originTimeScale: input.timeScale,
    },
  );
  const readiness = stackReadiness('sandbox.', { db, bus }, services);
  return {
    // One clock for the whole sandbox (decision 0136): its simulator, its services and the waits the gateway tells.
    gateway: { db, documents: documents(), timeScale: input.timeScale },
    simulatorUrl: origin.url,
    readiness,
    start: async () => {
      for (const service of services) await service.start();
      relay.start();
    },
    stop: async () => {
      for (const service of [...services].reverse()) await service.stop();
      await relay.stop();
      await bus.close();
      await db.close();
      await simulator.stop();
    },
  };
}
