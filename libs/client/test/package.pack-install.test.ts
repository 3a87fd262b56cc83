import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Issue 29 item 3, ready to publish: the tarball `pnpm pack` makes of @regapi/client installs into an empty project
// with no registry (it has no runtime dependency), and there its CommonJS `require`, its ESM `import`, its types under
// strict TypeScript and its `regapi` command all work — what an outside integrator gets from `npm install`.

const ROOT = path.resolve(__dirname, '..');
const REPO = path.resolve(ROOT, '..', '..');
const project = mkdtempSync(path.join(tmpdir(), 'regapi-client-pack-'));

const run = (command: string, args: readonly string[], cwd = project) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
// The pinned pnpm on PATH (scripts/toolchain.sh), as every command of the repository runs it.
const pnpm = (args: readonly string[], cwd = project) => run('pnpm', args, cwd);

beforeAll(() => {
  run(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', ROOT], ROOT);
  pnpm(['pack', '--pack-destination', project], ROOT);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'integradora', private: true }));
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('pnpm pack wrote no tarball');
  pnpm(['add', '--offline', `./${tarball}`]);
}, 120_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

test('the tarball ships the built code, its types, the command, the README and the license — no sources, no tests', () => {
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz')) ?? '';
  const files = run('tar', ['tzf', tarball]).trim().split('\n');
  expect(files).toEqual(
    expect.arrayContaining([
      'package/package.json',
      'package/README.md',
      'package/LICENSE',
      'package/bin/regapi.js',
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/cli.js',
    ]),
  );
  expect(files.filter((file) => /\/(src|test)\/|\.ts$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
});

test('require and import give the client; the types compile strictly; regapi runs', () => {
  expect(run(process.execPath, ['-e', "console.log(typeof require('@regapi/client').RegapiClient)"]).trim()).toBe(
    'function',
  );
  const esm =
    "import { RegapiClient, verifyWebhookEvent } from '@regapi/client'; console.log(typeof RegapiClient, typeof verifyWebhookEvent)";
  expect(run(process.execPath, ['--input-type=module', '-e', esm]).trim()).toBe('function function');
  writeFileSync(
    path.join(project, 'use.ts'),
    [
      "import { RegapiClient, type SaldoAnswer } from '@regapi/client';",
      "const client = new RegapiClient({ baseUrl: 'https://api.example.com', token: 't' });",
      'export const saldo: Promise<SaldoAnswer> = client.saldo();',
      'export const hooks = client.webhooks.list().then((answer) => answer.data.map((hook) => hook.url.length));',
      '// @ts-expect-error: a product the API does not sell',
      "export const wrong = client.quote('matricula-qualquer', {});",
      '',
    ].join('\n'),
  );
  const tsc = require.resolve('typescript/bin/tsc');
  run(process.execPath, [
    tsc,
    '--noEmit',
    '--strict',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--types',
    'node',
    '--typeRoots',
    path.join(REPO, 'node_modules', '@types'),
    'use.ts',
  ]);
  const help = run(path.join(project, 'node_modules', '.bin', 'regapi'), ['ajuda']);
  expect(help).toMatch(/^uso: regapi <comando>/);
  expect(help).toMatch(/webhooks listar/);
});
