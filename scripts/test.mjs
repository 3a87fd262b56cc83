#!/usr/bin/env node
// Runs jest (arguments pass through) and ends with `tests: N passed, N failed` read from jest's own JSON report.
// Suites that could not run at all (a compile error, a failing beforeAll) count as failed: a silent zero would lie.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = path.join(root, '.test-results', 'jest.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });

// One workspace build per run: deploy/test/build-once.ts builds at the first file that asks and marks it done here.
const buildMarker = path.join(os.tmpdir(), `regapi-test-build-${process.pid}-${Date.now()}`);
rmSync(buildMarker, { force: true });

const jest = createRequire(path.join(root, 'package.json')).resolve('jest/bin/jest');
// --forceExit: a handle a failed hook left open (a harness whose close timed out) would keep the run from ever ending,
// and CI from printing its counts. The report is complete before the exit; passing files close what they open.
const args = [jest, '--json', `--outputFile=${report}`, '--forceExit', ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  // One file's peak stays under it; what leaks across files is shed by replacing the worker (jest.config.js,
  // workerIdleMemoryLimit). 8 GB of this 24 GB machine is a ceiling, not a reservation.
  env: {
    ...process.env,
    REGAPI_TEST_BUILD_MARKER: buildMarker,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --max-old-space-size=8192`.trim(),
  },
});

rmSync(buildMarker, { force: true });

if (!existsSync(report)) {
  console.log('tests: 0 passed, 1 failed');
  console.error(`jest wrote no report (exit ${run.status}, signal ${run.signal})`);
  process.exit(1);
}
const result = JSON.parse(readFileSync(report, 'utf8'));
const failed = result.numFailedTests + result.numRuntimeErrorTestSuites;
if (result.numRuntimeErrorTestSuites > 0) console.log(`suites that failed to run: ${result.numRuntimeErrorTestSuites}`);
console.log(`tests: ${result.numPassedTests} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 && result.success ? 0 : 1);
