import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Spawned } from '@regapi/testkit';
import { buildWorkspace } from '../build-once';

/** What a restart test file keeps across its starts: the DATA_DIR, and the process running on it now. */
export interface RestartDataDir {
  readonly dataDir: string;
  /** Set by the test as it starts a process, cleared as it stops it; one left running is SIGKILLed at the end. */
  running: Spawned | undefined;
}

/**
 * The sandbox-restart test files' shared lifecycle (issue 29): the built workspace, a DATA_DIR of the file's own kept
 * across the system's restarts, and, after the file's tests, the process still running killed and the folder removed
 * (hooks registered where this is called).
 */
export function useRestartDataDir(prefix: string): RestartDataDir {
  const fixture: RestartDataDir = { dataDir: mkdtempSync(path.join(tmpdir(), prefix)), running: undefined };
  // mkdtemp makes a 0700 folder; run as root, PostgreSQL runs as the postgres user and must traverse it (decision 0060).
  chmodSync(fixture.dataDir, 0o755);
  beforeAll(() => {
    buildWorkspace();
  });
  afterAll(async () => {
    await fixture.running?.stop('SIGKILL');
    rmSync(fixture.dataDir, { recursive: true, force: true });
  });
  return fixture;
}
