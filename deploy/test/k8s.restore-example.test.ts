import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { K8S_DIR, type K8sObject, renderOverlay } from '../src/k8s';
import { describeProblem, validateObjects } from '../src/k8s-validate';
import { RESTORED_SERVER, SOURCE_SERVER } from './support/restore-drill/restore-drill';

/**
 * The README's restore example works as written (issue 28, decision 0126): it is a valid Cluster of the vendored
 * CloudNativePG schema, recovers from the ObjectStore production backs up to, archives WAL to a fresh path, and its
 * pods carry the labels the NetworkPolicies let the services reach. Backups go through the Barman Cloud plugin only.
 */

const BARMAN_PLUGIN = 'barman-cloud.cloudnative-pg.io';

type Json = Record<string, unknown>;
const at = (value: unknown, ...keys: (string | number)[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);

/** The first yaml block after the README's "## Restore PostgreSQL". */
function readmeRestoreExample(): K8sObject {
  const readme = readFileSync(path.join(K8S_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Restore PostgreSQL'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('k8s/README.md: no yaml block under "## Restore PostgreSQL"');
  return parse(block) as K8sObject;
}

let production: K8sObject[];
let example: K8sObject;
const one = (kind: string, name: string) => {
  const found = production.find((object) => object.kind === kind && object.metadata.name === name);
  if (found === undefined) throw new Error(`production renders no ${kind} ${name}`);
  return found;
};

beforeAll(async () => {
  production = await renderOverlay('production');
  example = readmeRestoreExample();
});

test('the example is a valid Cluster of the vendored CloudNativePG schema', () => {
  expect(example.kind).toBe('Cluster');
  expect(validateObjects([example]).map(describeProblem)).toEqual([]);
});

test('production backs up through the Barman Cloud plugin, never the deprecated barmanObjectStore', () => {
  const cluster = one('Cluster', 'regapi-postgres');
  expect(at(cluster, 'spec', 'backup')).toBeUndefined();
  expect(at(cluster, 'spec', 'plugins')).toEqual([
    { name: BARMAN_PLUGIN, isWALArchiver: true, parameters: { barmanObjectName: 'regapi-postgres-backups' } },
  ]);
  const store = one('ObjectStore', 'regapi-postgres-backups');
  expect(at(store, 'spec', 'configuration', 'destinationPath')).toBe('s3://regapi-postgres-backups/');
  expect(at(store, 'spec', 'retentionPolicy')).toBe('30d');
  const scheduled = one('ScheduledBackup', 'regapi-postgres-daily');
  expect(at(scheduled, 'spec', 'method')).toBe('plugin');
  expect(at(scheduled, 'spec', 'pluginConfiguration', 'name')).toBe(BARMAN_PLUGIN);
});

test('the ObjectStore is checked against its vendored schema (a wrong field is a problem)', () => {
  const store = structuredClone(one('ObjectStore', 'regapi-postgres-backups')) as Json;
  expect(validateObjects([store]).map(describeProblem)).toEqual([]);
  (at(store, 'spec', 'configuration') as Json).destinationPat = 's3://typo/';
  expect(validateObjects([store]).map(describeProblem).join('\n')).toMatch(/destinationPat/);
});

test('the example recovers from the archive production writes', () => {
  const source = at(example, 'spec', 'bootstrap', 'recovery', 'source');
  const external = (at(example, 'spec', 'externalClusters') as Json[]).find((entry) => entry.name === source);
  expect(at(external, 'plugin', 'name')).toBe(BARMAN_PLUGIN);
  const productionStore = at(one('Cluster', 'regapi-postgres'), 'spec', 'plugins', 0, 'parameters', 'barmanObjectName');
  expect(at(external, 'plugin', 'parameters', 'barmanObjectName')).toBe(productionStore);
  // Production leaves serverName out: its archive is under the cluster's name, the path the drill restores from.
  expect(at(external, 'plugin', 'parameters', 'serverName')).toBe('regapi-postgres');
  expect(SOURCE_SERVER).toBe('regapi-postgres');
  expect(at(example, 'spec', 'bootstrap', 'recovery', 'database')).toBe(
    at(one('Cluster', 'regapi-postgres'), 'spec', 'bootstrap', 'initdb', 'database'),
  );
});

test('the restored cluster archives its WAL to a fresh path of the same store', () => {
  const plugins = at(example, 'spec', 'plugins') as Json[];
  expect(plugins).toHaveLength(1);
  expect(plugins[0]).toMatchObject({ name: BARMAN_PLUGIN, isWALArchiver: true });
  expect(at(plugins[0], 'parameters', 'barmanObjectName')).toBe('regapi-postgres-backups');
  const serverName = at(plugins[0], 'parameters', 'serverName');
  expect(serverName).not.toBe('regapi-postgres');
  // The path the drill shows is accepted by barman-cloud-check-wal-archive and then used.
  expect(serverName).toBe(RESTORED_SERVER);
});

test('the restored pods carry every label the NetworkPolicies select PostgreSQL by', () => {
  const selectors = production
    .filter((object) => object.kind === 'NetworkPolicy')
    .flatMap((policy) => (at(policy, 'spec', 'egress') as Json[] | undefined) ?? [])
    .filter((rule) => ((rule.ports as Json[] | undefined) ?? []).some((port) => port.port === 5432))
    .flatMap((rule) => (rule.to as Json[]).map((peer) => at(peer, 'podSelector', 'matchLabels') as Json | undefined))
    .filter((labels): labels is Json => labels !== undefined);
  expect(selectors.length).toBeGreaterThan(0);
  const labels = at(example, 'spec', 'inheritedMetadata', 'labels');
  for (const selector of selectors) expect(labels).toMatchObject(selector);
  expect(labels).toEqual(at(one('Cluster', 'regapi-postgres'), 'spec', 'inheritedMetadata', 'labels'));
});

test('the documents bucket is declared versioned, with Object Lock retaining every version', () => {
  const declared = (file: string) =>
    JSON.parse(readFileSync(path.join(K8S_DIR, 'documents-bucket', file), 'utf8')) as Json;
  expect(declared('versioning.json')).toEqual({ Status: 'Enabled' });
  const lock = declared('object-lock.json');
  expect(lock.ObjectLockEnabled).toBe('Enabled');
  expect(at(lock, 'Rule', 'DefaultRetention', 'Mode')).toBe('GOVERNANCE');
  expect(at(lock, 'Rule', 'DefaultRetention', 'Years')).toBeGreaterThanOrEqual(100);
});
