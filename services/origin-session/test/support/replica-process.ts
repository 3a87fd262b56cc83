import type { SpawnOptions } from 'node:child_process';
import path from 'node:path';
import { type Spawned, spawnCaptured } from '@regapi/testkit';
import type { Harness } from './harness';

const root = path.resolve(__dirname, '../../../..');
const fixture = path.resolve(__dirname, '../fixtures/origin-session-process.ts');

/**
 * An origin-session replica in its own process (the fixture wires it as `src/main.ts` does) against the harness's
 * database, broker vhost and simulator; `env` adds or overrides variables (LOG_LEVEL, CLOCK_OFFSET_FILE).
 */
export function startReplica(
  harness: Harness,
  name: string,
  env: Readonly<Record<string, string>> = {},
  spawn: (command: string, args: readonly string[], options: SpawnOptions) => Spawned = spawnCaptured,
): Spawned {
  return spawn(process.execPath, ['--import', 'tsx', fixture], {
    cwd: root,
    env: {
      ...process.env,
      NAME: name,
      DATABASE_URL: harness.database.url,
      AMQP_URL: harness.vhost.url,
      ORIGIN_URL: harness.originUrl,
      ORIGIN_USERNAME: harness.simulator.credentials.username,
      ORIGIN_PASSWORD: harness.simulator.credentials.password,
      PORT: '0',
      RECHECK_MS: '300',
      ...env,
    },
  });
}
