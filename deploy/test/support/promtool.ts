import { spawnSync } from 'node:child_process';

/** Runs Debian's promtool. A missing binary fails the test (`.ci/run` installs the prometheus package). */
export function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { encoding: 'utf8' });
  if (run.error !== undefined) throw new Error(`promtool did not run: ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
