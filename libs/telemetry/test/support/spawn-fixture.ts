import path from 'node:path';
import { type Spawned, spawnCaptured } from '@regapi/testkit';

const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURES = path.resolve(__dirname, '../fixtures');

/**
 * Runs `test/fixtures/<name>.ts` in its own node process through tsx, outside jest's module loader (whose `require`
 * the instrumentations cannot hook). Workspace packages resolve to their sources via the fixtures' tsconfig `paths`.
 */
export function spawnFixture(name: string, env: Readonly<Record<string, string>>): Spawned {
  return spawnCaptured(process.execPath, ['--import', 'tsx', path.join(FIXTURES, `${name}.ts`)], {
    // `--import tsx` resolves tsx from the working directory: the workspace root has it.
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(FIXTURES, 'tsconfig.json'), ...env },
  });
}
