import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Process-level tests run the compiled services, as production does. `tsc -b` is incremental: after the first
 * build (CI builds before testing) this takes a second or two, spent by every such file. Under scripts/test.mjs the
 * first file of the run that builds successfully writes the run's marker (REGAPI_TEST_BUILD_MARKER), and later files
 * of the same run skip the build; a failed build writes none, so each file still fails on it. Run without the
 * marker (jest alone), every file builds.
 */
export function buildWorkspace(): void {
  const marker = process.env.REGAPI_TEST_BUILD_MARKER;
  if (marker !== undefined && existsSync(marker)) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (marker !== undefined) writeFileSync(marker, '');
}
