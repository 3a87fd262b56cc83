import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

// The command as the README names it: `pnpm exec regapi` in the repository (the root depends on @regapi/client, so
// pnpm links its bin at install, before any build), the help printed with exit 0.

const ROOT = path.resolve(__dirname, '..', '..', '..');

beforeAll(() => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', path.resolve(__dirname, '..')]);
});

test('`pnpm exec regapi ajuda` runs the command line from the repository root', () => {
  const run = spawnSync('pnpm', ['exec', 'regapi', 'ajuda'], { cwd: ROOT, encoding: 'utf8' });
  expect({ status: run.status, error: run.error?.message, stderr: run.stderr }).toEqual({
    status: 0,
    error: undefined,
    stderr: '',
  });
  expect(run.stdout).toContain('uso: regapi <comando>');
});
