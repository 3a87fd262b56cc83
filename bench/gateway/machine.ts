import os from 'node:os';
import type { DbHandle } from '@regapi/db';

/** Where the figures come from: they mean nothing without the machine and the moment. */
export async function describeMachine(db: DbHandle): Promise<string> {
  const { rows } = await db.pool.query<{ version: string }>('SELECT version()');
  const postgres = rows[0]?.version.split(',')[0] ?? 'unknown';
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  const memoryGiB = (os.totalmem() / 2 ** 30).toFixed(0);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return [
    `date:       ${new Date().toISOString()}`,
    `machine:    ${os.availableParallelism()} cores (${cpu}), ${memoryGiB} GiB, ${os.type()} ${os.release()}`,
    `node:       ${process.version}`,
    `postgresql: ${postgres}`,
    `load avg:   ${load} (1, 5, 15 min, before the run)`,
  ].join('\n');
}
