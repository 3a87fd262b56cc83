import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { commonConfig, configOrExit, env, loadConfig } from '@regapi/config';
import { SANDBOX_TIME_SCALE_SETTING } from '@regapi/orders';
import { simulatorConfig } from '@regapi/origin-simulator';
import { FIRST_USER_HINT } from '../first-user-hint';
import { localSecretVariables } from '../local-secrets';
import { migrate, prepareSandbox, type RunnerProcess, sandboxProcesses } from './sandbox-processes';
import { DEFAULT_METRICS_PORT_BASE, PUBLIC_LISTENERS, SERVICES } from './services';
import { waitForPort } from './wait-for-port';

/**
 * The developer's local S3 server (s3rver, a test tool: decision 0059), loaded only when no S3_ENDPOINT is given, so
 * a production install (`pnpm install --prod`, no testkit, no s3rver) never needs it.
 */
function localS3Server(): typeof import('@regapi/testkit').startLocalS3 {
  // require, not import(): the compiled runner is CommonJS, and the testkit must not load unless asked for.
  return (require('@regapi/testkit') as typeof import('@regapi/testkit')).startLocalS3;
}

const root = path.resolve(__dirname, '..', '..', '..');

/**
 * Developer runner for distributed mode: migrates, starts a local S3 store unless S3_ENDPOINT is given, and runs the
 * origin simulator and every service as its own process (`node services/<name>/dist/main.js`) against local
 * PostgreSQL and RabbitMQ.
 * SIGTERM is forwarded; one service dying stops the rest.
 */
async function main(): Promise<void> {
  const config = configOrExit(() =>
    loadConfig({
      DATABASE_URL: commonConfig.DATABASE_URL,
      AMQP_URL: commonConfig.AMQP_URL,
      S3_ENDPOINT: env.optionalUrl(['http:', 'https:']),
      S3_PORT: env.port(4569),
      S3_BUCKET: env.string('regapi-documents'),
      DATA_DIR: env.string('.data'),
      PORT_BASE: env.port(8080),
      INTERNAL_PORT_BASE: env.port(9080),
      METRICS_PORT_BASE: env.port(DEFAULT_METRICS_PORT_BASE),
      SIM_PORT: env.port(8090),
      /** The sandbox for `teste` tokens (decision 0099): the backend services again, on state of their own. */
      SANDBOX: env.boolean(true),
      /** Default: DATABASE_URL's database with `_sandbox`, created when missing. */
      SANDBOX_DATABASE_URL: env.optionalUrl(['postgres:', 'postgresql:']),
      /** Default: AMQP_URL's vhost with `-sandbox` (created with rabbitmqctl when missing). */
      SANDBOX_AMQP_URL: env.optionalUrl(['amqp:', 'amqps:']),
      /** The sandbox services' internal ports from here, their metrics ports 10 higher. */
      SANDBOX_PORT_BASE: env.port(9280),
      /** A fixed port, never 0: the sandbox's orders keep its address across a restart (issue 29 item 1). */
      SANDBOX_SIM_PORT: env.integer({ min: 1, max: 65_535, default: 8091 }),
      SANDBOX_TIME_SCALE: env.number(SANDBOX_TIME_SCALE_SETTING),
      SIM_USERNAME: simulatorConfig.SIM_USERNAME,
      SIM_PASSWORD: simulatorConfig.SIM_PASSWORD,
      SIM_TIME_SCALE: simulatorConfig.SIM_TIME_SCALE,
    }),
  );
  const applied = await migrate(config.DATABASE_URL);
  process.stdout.write(`migrations applied: ${applied.length === 0 ? 'none' : applied.join(', ')}\n`);
  const sandbox = config.SANDBOX ? await prepareSandbox(config) : undefined;

  const localS3 =
    config.S3_ENDPOINT === undefined
      ? await localS3Server()({
          directory: path.resolve(config.DATA_DIR, 's3-distributed'),
          port: config.S3_PORT,
          bucket: config.S3_BUCKET,
        })
      : undefined;
  const s3Endpoint = config.S3_ENDPOINT ?? localS3?.endpoint;
  // The gateway's keys and admin token: from the environment, else generated once under DATA_DIR (as standalone),
  // so `pnpm ops` works against this runner with no setup.
  const secrets = localSecretVariables(path.resolve(config.DATA_DIR), process.env);
  const keysEnv = {
    JWT_KEYS: secrets.JWT_KEYS,
    ...(secrets.JWT_ACTIVE_KID === undefined ? {} : { JWT_ACTIVE_KID: secrets.JWT_ACTIVE_KID }),
  };
  // The console signs tokens with the gateway's keys and acts through the gateway's public listener (decision 0073);
  // its links, minted by it and by the gateway's admin API, start with its own URL (decision 0082).
  const gatewayUrl = `http://127.0.0.1:${config.PORT_BASE + SERVICES.indexOf('gateway')}`;
  const consoleUrl = `http://127.0.0.1:${config.PORT_BASE + SERVICES.indexOf('console')}`;
  const gatewayEnv = {
    ...keysEnv,
    ADMIN_TOKEN: secrets.ADMIN_TOKEN,
    CONSOLE_PUBLIC_URL: consoleUrl,
    ...(sandbox === undefined
      ? {}
      : {
          SANDBOX_DATABASE_URL: sandbox.databaseUrl,
          SANDBOX_S3_BUCKET: `${config.S3_BUCKET}-sandbox`,
          // The sandbox's one clock (decision 0136): its processes get it as SIM_TIME_SCALE and ORIGIN_TIME_SCALE.
          SANDBOX_TIME_SCALE: String(config.SANDBOX_TIME_SCALE),
        }),
  };
  const consoleEnv = {
    ...keysEnv,
    CONSOLE_API_URL: gatewayUrl,
    CONSOLE_PUBLIC_URL: consoleUrl,
    // The console's test mode (decision 0146) reads the sandbox's database, as the gateway does.
    ...(sandbox === undefined ? {} : { SANDBOX_DATABASE_URL: sandbox.databaseUrl }),
  };

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const stopAll = async (exitCode: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    const exits = [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => (child.exitCode === null ? child.once('exit', () => resolve()) : resolve())),
    );
    for (const child of children.values()) child.kill('SIGTERM');
    await Promise.all(exits);
    await localS3?.close();
    process.exit(exitCode);
  };

  // origin-session talks to the simulator process, with the account the simulator was started with.
  const originEnv = {
    ORIGIN_URL: `http://127.0.0.1:${config.SIM_PORT}`,
    ORIGIN_USERNAME: config.SIM_USERNAME,
    ORIGIN_PASSWORD: config.SIM_PASSWORD,
    // The simulator's maximum times are compressed like its latencies: so is an order's in-doubt wait (decision 0110).
    ORIGIN_TIME_SCALE: String(config.SIM_TIME_SCALE),
  };
  const processes: RunnerProcess[] = [
    { name: 'origin-simulator', port: config.SIM_PORT, env: { SIM_PORT: String(config.SIM_PORT) } },
    ...SERVICES.map((name, index) => ({
      name,
      port: config.INTERNAL_PORT_BASE + index,
      ...(PUBLIC_LISTENERS[name] === undefined ? {} : { publicPort: config.PORT_BASE + index }),
      metricsPort: config.METRICS_PORT_BASE + index,
      env: {
        PORT: String(config.PORT_BASE + index),
        INTERNAL_PORT: String(config.INTERNAL_PORT_BASE + index),
        METRICS_PORT: String(config.METRICS_PORT_BASE + index),
        ...(name === 'origin-session' ? originEnv : {}),
        ...(name === 'gateway' ? gatewayEnv : {}),
        ...(name === 'console' ? consoleEnv : {}),
      },
    })),
  ];
  const sandboxed = sandbox === undefined ? [] : sandboxProcesses(config, sandbox);
  const waitOrStop = (port: number, timeoutMs: number) =>
    waitForPort(port, timeoutMs).catch(async (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}; stopping\n`);
      await stopAll(1);
    });
  for (const entry of [...processes, ...sandboxed]) {
    // The sandbox's processes once production's listen: fourteen processes loading at once on two cores delayed
    // production's gateway by half a minute; production first, its copy for tests after.
    if (entry === sandboxed[0]) await Promise.all(processes.map((started) => waitOrStop(started.port, 120_000)));
    const { name, service = name, port, publicPort, metricsPort, env: own } = entry;
    const child = spawn(process.execPath, [path.join(root, 'services', service, 'dist', 'main.js')], {
      // Production mode for any library that reads it; createHttpApp sets express's regardless (decision 0052).
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...own,
        ...(s3Endpoint === undefined ? {} : { S3_ENDPOINT: s3Endpoint }),
      },
      stdio: 'inherit',
    });
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`${name} exited (code ${code}, signal ${signal}); stopping the others\n`);
      void stopAll(1);
    });
    const metrics = metricsPort === undefined ? '' : `, metrics http://127.0.0.1:${metricsPort}/metrics`;
    const served = service === 'origin-simulator' ? undefined : PUBLIC_LISTENERS[name as (typeof SERVICES)[number]];
    process.stdout.write(
      publicPort !== undefined
        ? `${name}: http://127.0.0.1:${publicPort} (${served}), internal http://127.0.0.1:${port}${metrics}\n`
        : service === 'origin-simulator'
          ? `${name}: http://127.0.0.1:${port}\n`
          : `${name}: internal http://127.0.0.1:${port}${metrics}\n`,
    );
    // No demo account here (decision 0081): an operator creates accounts and their administrators.
    if (name === 'console') process.stdout.write(`  console users: ${FIRST_USER_HINT}\n`);
    // origin-session syncs the catalog from the origin as it starts, and a failed sync waits 15 minutes: the services
    // start once the simulator listens.
    if (service === 'origin-simulator') await waitOrStop(port, 30_000);
  }
  process.once('SIGTERM', () => void stopAll(0));
  process.once('SIGINT', () => void stopAll(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`distributed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
