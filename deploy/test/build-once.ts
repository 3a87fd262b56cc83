import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Process-level tests run the compiled services, as production does. `tsc -b` is incremental: after the first
 * build (CI builds before testing) this takes a second or two.
 */
export function buildWorkspace(): void {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
