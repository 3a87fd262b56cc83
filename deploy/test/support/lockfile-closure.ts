import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type VersionMap = Record<string, { version: string } | string>;
interface Lockfile {
  importers: Record<string, { dependencies?: VersionMap }>;
  snapshots: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }>;
}

export interface LockfileClosure {
  /** `name@version` of every package the importers' `dependencies` reach through `dependencies` only. */
  readonly required: ReadonlySet<string>;
  /** `name@version` of the optional dependencies of those packages (platform binaries and the like). */
  readonly optional: ReadonlySet<string>;
}

/** `1.2.3(@peer/x@4.5.6)` → `1.2.3`: pnpm's snapshot keys carry the peers a package was resolved with. */
const withoutPeers = (key: string) => key.replace(/\(.*$/, '');

/**
 * What pnpm-lock.yaml says `pnpm install --prod --no-optional` of these importers installs, walked independently of
 * what the install wrote: the reference the SBOM of the installed tree is checked against.
 */
export function productionClosure(lockfile: string, importers: readonly string[]): LockfileClosure {
  const document = parse(readFileSync(lockfile, 'utf8')) as Lockfile;
  const required = new Set<string>();
  const optional = new Set<string>();
  const pending: string[] = [];
  for (const importer of importers) {
    const entry = document.importers[importer];
    if (entry === undefined) throw new Error(`pnpm-lock.yaml has no importer ${importer}`);
    for (const [name, value] of Object.entries(entry.dependencies ?? {})) {
      const version = typeof value === 'string' ? value : value.version;
      if (!version.startsWith('link:')) pending.push(`${name}@${version}`);
    }
  }
  const seen = new Set<string>();
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    required.add(withoutPeers(key));
    const snapshot = document.snapshots[key];
    if (snapshot === undefined) throw new Error(`pnpm-lock.yaml has no snapshot ${key}`);
    for (const [name, version] of Object.entries(snapshot.dependencies ?? {})) pending.push(`${name}@${version}`);
    for (const [name, version] of Object.entries(snapshot.optionalDependencies ?? {})) {
      optional.add(withoutPeers(`${name}@${version}`));
    }
  }
  return { required, optional };
}
