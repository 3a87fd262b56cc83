import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lastCatalogSync } from '@regapi/catalog';
import { createDb, type DbHandle, rootClusterFolder } from '@regapi/db';
import { createTestDatabase, createTestVhost, freePort, type Spawned, spawnCaptured, waitFor } from '@regapi/testkit';
import { SERVICES } from '../../deploy/src/distributed/services';
import { ROOT } from '../../deploy/test/build-once';
import { spawnDistributedRunner } from '../../deploy/test/support/distributed-runner';

/** A running system as a client and an operator see it, plus a read-only look at its database for the timestamps. */
export interface RunningSystem {
  readonly mode: 'standalone' | 'distributed';
  /** The public listener (the API). */
  readonly url: string;
  /** The internal listener of the gateway (the admin API). */
  readonly adminUrl: string;
  readonly adminToken: string;
  /** The origin simulator (its /control routes give the sample owners and records). */
  readonly originUrl: string;
  readonly db: DbHandle;
  close(): Promise<void>;
}

/**
 * What both modes get: the simulator answering as fast as it can (the origin bench's scale), an hourly search ceiling
 * no run reaches and the per-account rate limit at its maxima (the stages are measured, not the ceiling or the limit
 * the back-to-back polls would meet), and quiet logs.
 */
const ENV = {
  SIM_TIME_SCALE: '0.000001',
  HOURLY_SEARCH_CEILING: '10000',
  RATE_LIMIT_BURST: '100000',
  RATE_LIMIT_PER_SECOND: '10000',
  LOG_LEVEL: 'warn',
};

/** Stops the process whatever it is doing, then runs `cleanup`; the output tail says why a start failed. */
async function failed(spawned: Spawned, error: unknown, cleanup: () => Promise<void>): Promise<never> {
  await spawned.stop('SIGKILL');
  await cleanup();
  throw new Error(
    `${error instanceof Error ? error.message : String(error)}\n--- output ---\n${spawned.output().slice(-3000)}`,
  );
}

/**
 * `deploy/dist/standalone/main.js` as `pnpm start` runs it: one process, its embedded PostgreSQL, the in-process bus,
 * documents in a local folder, the simulator in the same process. Build first.
 */
export async function startStandalone(): Promise<RunningSystem> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'regapi-bench-standalone-'));
  const pgPort = await freePort();
  const simPort = await freePort();
  const spawned = spawnCaptured(process.execPath, [path.join(ROOT, 'deploy/dist/standalone/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...ENV,
      PORT: '0',
      INTERNAL_PORT: '0',
      METRICS_PORT: '0',
      CONSOLE_PORT: '0',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SIM_PORT: String(simPort),
    },
  });
  let db: DbHandle | undefined;
  const cleanup = async () => {
    await db?.close();
    const passwordFile = path.join(dataDir, 'pg-password');
    // As root the embedded cluster lives outside DATA_DIR (decision 0060).
    if (process.getuid?.() === 0 && existsSync(passwordFile)) {
      const password = readFileSync(passwordFile, 'utf8').trim();
      rmSync(rootClusterFolder(path.join(dataDir, 'pg', 'cluster'), password), { recursive: true, force: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [, url = ''] = await spawned.waitForOutput(/regapi standalone listening on (http:\/\/\S+)/, 120_000);
    const [, adminUrl = ''] = await spawned.waitForOutput(/internal listener \S.* on (http:\/\/\S+)/);
    const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    db = createDb(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/regapi`, { max: 2 });
    const handle = db;
    await waitFor(() => lastCatalogSync(handle.db), { timeoutMs: 60_000, what: 'the first catalog sync' });
    const adminToken = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
    return {
      mode: 'standalone',
      url,
      adminUrl,
      adminToken,
      originUrl: `http://127.0.0.1:${simPort}`,
      db: handle,
      close: async () => {
        await spawned.stop('SIGTERM');
        await cleanup();
      },
    };
  } catch (error: unknown) {
    return failed(spawned, error, cleanup);
  }
}

/**
 * `deploy/dist/distributed/main.js` as `pnpm start:distributed` runs it: every service its own process, over a test
 * database of the local PostgreSQL, a vhost of the local RabbitMQ and the runner's local S3 store. Build first.
 */
export async function startDistributed(): Promise<RunningSystem> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'regapi-bench-distributed-'));
  const database = await createTestDatabase({ migrate: false });
  const vhost = await createTestVhost();
  const simPort = await freePort();
  const runner = await spawnDistributedRunner({
    databaseUrl: database.url,
    amqpUrl: vhost.url,
    dataDir,
    env: { ...ENV, SIM_PORT: String(simPort) },
  });
  const cleanup = async () => {
    await database.drop();
    await vhost.delete();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const [index, name] of SERVICES.entries()) {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${runner.internalBase + index}/readyz`).catch(() => undefined))?.ok,
        { timeoutMs: 60_000, what: `${name} ready` },
      );
    }
    await waitFor(() => lastCatalogSync(database.db), { timeoutMs: 60_000, what: 'the first catalog sync' });
    return {
      mode: 'distributed',
      url: `http://127.0.0.1:${runner.publicBase + SERVICES.indexOf('gateway')}`,
      adminUrl: `http://127.0.0.1:${runner.internalBase + SERVICES.indexOf('gateway')}`,
      adminToken: readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim(),
      originUrl: `http://127.0.0.1:${simPort}`,
      db: database,
      close: async () => {
        await runner.process.stop('SIGTERM');
        await cleanup();
      },
    };
  } catch (error: unknown) {
    return failed(runner.process, error, cleanup);
  }
}
