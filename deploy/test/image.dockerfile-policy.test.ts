import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICES } from '../src/distributed/services';
import { ROOT } from './build-once';
import { argsOf, envOf, execFormOf, finalStage, readDockerfile } from './support/dockerfile';

/**
 * The checks a Dockerfile linter (hadolint) and a cluster's admission policy would make, by hand: no container engine
 * or linter runs here. What the image contains is proven by image.prod-tree.test.ts.
 */
const dockerfile = readDockerfile();
const image = finalStage(dockerfile);
const rootManifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  packageManager: string;
  engines: { node: string };
};

/** `major.minor.patch` as numbers. */
function versionOf(text: string): [number, number, number] {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (match === null) throw new Error(`no x.y.z version in ${text}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

test('every stage starts from the same base, by digest, the exact Node release the workspace pins (.node-version)', () => {
  const bases = new Set(dockerfile.stages.map((stage) => stage.from));
  expect(bases.size).toBe(1);
  const [base = ''] = [...bases];
  // An exact tag, never `latest` or a floating major, and the digest the build pulls (decision 0133).
  expect(base).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/);
  // One Node everywhere: the image runs the version CI and the README's commands run (decision 0129).
  const pinned = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
  expect(versionOf(base)).toEqual(versionOf(pinned));
  expect(versionOf(pinned)[0]).toBeGreaterThanOrEqual(24);
  expect(rootManifest.engines.node).toBe(`>=${pinned}`);
});

test('the build stage uses the workspace pnpm and the tree script; the image is that tree and nothing else', () => {
  const build = dockerfile.stages[0];
  expect(build?.name).toBe('build');
  const runs = build === undefined ? [] : argsOf(build, 'RUN').join('\n');
  expect(runs).toContain(`npm install --global ${rootManifest.packageManager}`);
  expect(runs).toMatch(/pnpm install --frozen-lockfile/);
  expect(runs).toContain('scripts/assemble-image-tree.sh /out');
  expect(argsOf(image, 'COPY')).toEqual(['--from=build /out /app']);
  expect(argsOf(image, 'ADD')).toEqual([]);
  expect(argsOf(image, 'WORKDIR')).toEqual(['/app']);
});

test('the image runs as a numeric non-root user, in production mode, with tini as PID 1 and exec-form commands', () => {
  const [user = ''] = argsOf(image, 'USER').slice(-1);
  expect(user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  const env = envOf(image);
  expect(env.NODE_ENV).toBe('production');
  // The processes' home exists in no image layer: nothing can be written there even if HOME were used.
  expect(env.HOME).toBe('/nonexistent');
  // tini forwards SIGTERM to node, which stops within its 10 s deadline (libs/runtime/src/shutdown.ts).
  expect(execFormOf(image, 'ENTRYPOINT')).toEqual(['/usr/bin/tini', '--']);
  const command = execFormOf(image, 'CMD');
  expect(command?.[0]).toBe('node');
  expect(SERVICES.map((name) => `services/${name}/dist/main.js`)).toContain(command?.[1]);
  // apt as hadolint wants it: no recommended extras, no package lists left in the layer.
  for (const run of argsOf(image, 'RUN').filter((args) => args.includes('apt-get install'))) {
    expect(run).toContain('--no-install-recommends');
    expect(run).toContain('rm -rf /var/lib/apt/lists/*');
  }
});

/** Docker's .dockerignore semantics for the patterns used here: `**`, `*`, `?`; a matched folder excludes its files. */
function dockerignoreMatcher(text: string): (file: string) => boolean {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (patterns.some((pattern) => pattern.startsWith('!'))) throw new Error('.dockerignore: exceptions (!) not handled');
  const expressions = patterns.map((pattern) => {
    const source = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*\*/g, '\u0001')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replaceAll('\u0000', '(?:.*/)?')
      .replaceAll('\u0001', '.*');
    return new RegExp(`^${source}(?:/.*)?$`);
  });
  return (file) => expressions.some((expression) => expression.test(file));
}

test('.dockerignore keeps what the machine made out of the context and everything the build reads in it', () => {
  const ignored = dockerignoreMatcher(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
  for (const made of [
    'node_modules/x',
    'libs/db/node_modules/pg',
    'libs/db/dist/index.js',
    '.data/jwt-keys',
    '.git/HEAD',
  ]) {
    expect({ made, ignored: ignored(made) }).toEqual({ made, ignored: true });
  }
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const needed = tracked.filter(
    (file) =>
      /^(package\.json|pnpm-lock\.yaml|pnpm-workspace\.yaml|tsconfig[^/]*\.json|scripts\/assemble-image-tree\.sh)$/.test(
        file,
      ) || /^((libs|services)\/[^/]+|deploy)\/(package\.json|tsconfig\.json|src\/.*|assets\/.*)$/.test(file),
  );
  expect(needed.length).toBeGreaterThan(100);
  expect(needed.filter((file) => existsSync(path.join(ROOT, file)) && ignored(file))).toEqual([]);
});
