import { readFileSync } from 'node:fs';
import path from 'node:path';
import { K8S_DIR, type K8sObject, renderOverlay } from '../src/k8s';

interface ExternalSecretSpec {
  readonly data?: readonly { readonly remoteRef?: { readonly key?: string; readonly property?: string } }[];
}

/** `key: properties` for every secret-manager key the ExternalSecrets of a render read. */
function keysRead(objects: readonly K8sObject[]): string[] {
  const keys = new Map<string, Set<string>>();
  for (const external of objects.filter((o) => o.kind === 'ExternalSecret'))
    for (const { remoteRef } of (external.spec as ExternalSecretSpec).data ?? []) {
      if (remoteRef?.key === undefined) continue;
      const properties = keys.get(remoteRef.key) ?? new Set<string>();
      if (remoteRef.property !== undefined) properties.add(remoteRef.property);
      keys.set(remoteRef.key, properties);
    }
  return [...keys].map(([key, properties]) => `${key}: ${[...properties].sort().join(', ')}`).sort();
}

/** The same, from the key table of k8s/README.md's prerequisites, for one overlay. */
function keysListed(readme: string, overlay: string): string[] {
  const rows = [...readme.matchAll(/^\s*\| `(regapi\/[^`]+)` \| ([^|]+) \| ([^|]+) \|$/gm)];
  return rows
    .filter((row) => row[3]?.trim() === overlay)
    .map((row) => {
      const properties = [...(row[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort();
      return `${row[1]}: ${properties.join(', ')}`;
    })
    .sort();
}

describe("k8s/README.md's secret-store keys", () => {
  const readme = readFileSync(path.join(K8S_DIR, 'README.md'), 'utf8');

  it.each([['production'], ['production/sandbox']] as const)(
    'equal, with their properties, what the ExternalSecrets of k8s/overlays/%s read',
    async (overlay) => {
      const read = keysRead(await renderOverlay(overlay));
      expect(read.length).toBeGreaterThan(0);
      expect(keysListed(readme, overlay)).toEqual(read);
    },
  );

  it('are read from the table (a key left out of it is a difference)', () => {
    const shortened = readme.replace(/^\s*\| `regapi\/console` .*$/m, '');
    expect(keysListed(shortened, 'production')).not.toContain('regapi/console: CONSOLE_TOTP_KEY, SMTP_URL');
    expect(keysListed(readme, 'production')).toContain('regapi/console: CONSOLE_TOTP_KEY, SMTP_URL');
  });
});
