import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createDb, migrateToLatest } from '@regapi/db';
import { ensureDatabase } from '../standalone/ensure-database';
import { SANDBOX_SIM_ORDERS_FILE } from '../standalone/sandbox-simulator-port';
import { SERVICES } from './services';

/** One process the runner starts: services/<service>/dist/main.js, with its ports and own variables. */
export interface RunnerProcess {
  readonly name: string;
  /** Default `name`. */
  readonly service?: string;
  readonly port: number;
  readonly publicPort?: number;
  readonly metricsPort?: number;
  readonly env: Record<string, string>;
}

/** The services the sandbox runs again (decision 0099): all but the gateway and the console, which serve both. */
export const SANDBOX_SERVICES = SERVICES.filter((name) => name !== 'gateway' && name !== 'console');

export interface SandboxConfig {
  readonly DATA_DIR: string;
  readonly DATABASE_URL: string;
  readonly AMQP_URL: string;
  readonly S3_BUCKET: string;
  readonly SIM_USERNAME: string;
  readonly SIM_PASSWORD: string;
  readonly SANDBOX_DATABASE_URL: string | undefined;
  readonly SANDBOX_AMQP_URL: string | undefined;
  readonly SANDBOX_PORT_BASE: number;
  readonly SANDBOX_SIM_PORT: number;
  readonly SANDBOX_TIME_SCALE: number;
}

export interface PreparedSandbox {
  readonly databaseUrl: string;
  readonly amqpUrl: string;
}

export async function migrate(databaseUrl: string): Promise<string[]> {
  const handle = createDb(databaseUrl, { max: 1, applicationName: 'migrate' });
  try {
    return await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

/** The sandbox's database (created and migrated) and vhost (created with rabbitmqctl) unless given. */
export async function prepareSandbox(config: SandboxConfig): Promise<PreparedSandbox> {
  const databaseUrl = config.SANDBOX_DATABASE_URL ?? (await sandboxDatabase(config.DATABASE_URL));
  const applied = await migrate(databaseUrl);
  process.stdout.write(`sandbox migrations applied: ${applied.length === 0 ? 'none' : applied.join(', ')}\n`);
  return { databaseUrl, amqpUrl: config.SANDBOX_AMQP_URL ?? sandboxVhost(config.AMQP_URL) };
}

async function sandboxDatabase(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_sandbox`;
  url.pathname = '/postgres';
  return ensureDatabase(url.toString(), name);
}

function sandboxVhost(amqpUrl: string): string {
  const url = new URL(amqpUrl);
  const vhost = `${decodeURIComponent(url.pathname.slice(1)) || 'regapi'}-sandbox`;
  try {
    execFileSync('rabbitmqctl', ['-q', 'add_vhost', vhost], { stdio: 'ignore' });
  } catch {
    // Already there, or no rabbitmqctl: the permissions below say which.
  }
  try {
    execFileSync('rabbitmqctl', [
      '-q',
      'set_permissions',
      '-p',
      vhost,
      decodeURIComponent(url.username),
      '.*',
      '.*',
      '.*',
    ]);
  } catch (error: unknown) {
    throw new Error(
      `cannot prepare the sandbox's vhost ${vhost} with rabbitmqctl (${error instanceof Error ? error.message : String(error)}); ` +
        'set SANDBOX_AMQP_URL to an existing vhost, or SANDBOX=false',
    );
  }
  url.pathname = `/${encodeURIComponent(vhost)}`;
  return url.toString();
}

/**
 * The sandbox's processes: a punctual simulator with fast time as its origin, and the backend services on the
 * sandbox's database, vhost and bucket, on ports from SANDBOX_PORT_BASE.
 */
export function sandboxProcesses(config: SandboxConfig, sandbox: PreparedSandbox): RunnerProcess[] {
  const simulator: RunnerProcess = {
    name: 'sandbox origin-simulator',
    service: 'origin-simulator',
    port: config.SANDBOX_SIM_PORT,
    env: {
      SIM_PORT: String(config.SANDBOX_SIM_PORT),
      SIM_PUNCTUAL: 'true',
      SIM_TIME_SCALE: String(config.SANDBOX_TIME_SCALE),
      // Its address is the fixed SANDBOX_SIM_PORT; its orders are kept in DATA_DIR too, so a restarted simulator
      // still knows the certificates it accepted (issue 29 item 1).
      SIM_ORDERS_FILE: path.join(path.resolve(config.DATA_DIR), SANDBOX_SIM_ORDERS_FILE),
    },
  };
  return [
    simulator,
    ...SANDBOX_SERVICES.map((service, index): RunnerProcess => {
      const port = config.SANDBOX_PORT_BASE + index;
      return {
        name: `sandbox ${service}`,
        service,
        port,
        metricsPort: port + 10,
        env: {
          DATABASE_URL: sandbox.databaseUrl,
          AMQP_URL: sandbox.amqpUrl,
          S3_BUCKET: `${config.S3_BUCKET}-sandbox`,
          // No public listener is opened by these services; the variable is still read.
          PORT: String(port + 20),
          INTERNAL_PORT: String(port),
          METRICS_PORT: String(port + 10),
          ORIGIN_URL: `http://127.0.0.1:${config.SANDBOX_SIM_PORT}`,
          ORIGIN_USERNAME: config.SIM_USERNAME,
          ORIGIN_PASSWORD: config.SIM_PASSWORD,
          CERTIFICATE_FORECAST_FROM_ORIGIN: 'true',
          OUTAGE_TAKES_PRODUCT_OUT: 'false',
          ORIGIN_TIME_SCALE: String(config.SANDBOX_TIME_SCALE),
          RECONCILE_INTERVAL_MINUTES: '1',
          // Every webhook body says which environment it is about (decision 0140).
          WEBHOOKS_AMBIENTE: 'teste',
        },
      };
    }),
  ];
}
