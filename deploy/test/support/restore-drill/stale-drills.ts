import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isAlive } from '@regapi/testkit';

/** A drill's folder: `regapi-restore-drill-<pid>-<random>`, so a later run knows whether its owner still lives. */
export const DRILL_FOLDER_PREFIX = 'regapi-restore-drill-';

/**
 * Drills whose process died before cleaning up (a killed jest worker): their servers (still running, as orphans)
 * are killed — only while the pid in postmaster.pid is still that folder's server — and their folders removed.
 */
export function sweepStaleDrills(): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(tmpdir())) {
    const match = new RegExp(`^${DRILL_FOLDER_PREFIX}(\\d+)-`).exec(entry);
    if (match === null || isAlive(Number(match[1]))) continue;
    const folder = path.join(tmpdir(), entry);
    for (const server of ['source', 'restored']) {
      const pidFile = path.join(folder, server, 'data', 'postmaster.pid');
      if (!existsSync(pidFile)) continue;
      const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      const cmdline = path.join('/proc', String(postmaster), 'cmdline');
      if (postmaster > 0 && existsSync(cmdline) && readFileSync(cmdline, 'utf8').includes(folder))
        process.kill(postmaster, 'SIGKILL');
    }
    rmSync(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
