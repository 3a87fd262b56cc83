import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// @regapi/client is published alone: it must not be private, must say what it exports, and may depend on no other
// workspace package (nor import one) — its types come from its own generated copy of the document (decision 0097).

const ROOT = path.resolve(__dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

test('a publishable manifest: public, exports with types, the files shipped, the regapi command, Node 20', () => {
  expect(manifest).toMatchObject({
    name: '@regapi/client',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    types: 'dist/index.d.ts',
    // A committed file, linked at install before any build (it loads dist/cli.js).
    bin: { regapi: 'bin/regapi.js' },
    files: expect.arrayContaining(['README.md', 'bin/regapi.js']),
    engines: { node: '>=20.19' },
  });
  expect(manifest.private).toBeUndefined();
  expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toMatch(/^# @regapi\/client/);
});

test('no workspace package among its dependencies or its imports', () => {
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    const dependencies = (manifest[field] ?? {}) as Record<string, string>;
    expect(Object.keys(dependencies).filter((name) => name.startsWith('@regapi/'))).toEqual([]);
    expect(Object.values(dependencies).filter((version) => version.startsWith('workspace:'))).toEqual([]);
  }
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  const importing = sources(path.join(ROOT, 'src')).filter((file) =>
    /from '(@regapi\/|\.\.\/\.\.\/)/.test(readFileSync(file, 'utf8')),
  );
  expect(importing).toEqual([]);
  expect(readFileSync(path.join(ROOT, 'src', 'cli.ts'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  expect(readFileSync(path.join(ROOT, 'bin', 'regapi.js'), 'utf8')).toMatch(
    /^#!\/usr\/bin\/env node\n[\s\S]*require\('\.\.\/dist\/cli\.js'\)/,
  );
});
