import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** A package.json as read from disk: only its fields' presence is trusted, never their types. */
export type PackageManifest = Readonly<Record<string, unknown>>;

/** A third-party package installed in the tree, once per name and version whatever peer variants pnpm made of it. */
export interface ShippedPackage {
  /** `name@version`. */
  readonly key: string;
  readonly name: string;
  readonly version: string;
  readonly manifest: PackageManifest;
  /** Keys of the packages (third-party or workspace) it links to. */
  readonly dependsOn: ReadonlySet<string>;
}

/** One of our packages in the tree (`services/<name>`, `libs/<name>`). */
export interface ShippedWorkspacePackage {
  /** Its folder relative to the tree, which is also its key: `services/gateway`. */
  readonly key: string;
  readonly name: string;
  readonly version: string;
  readonly manifest: PackageManifest;
  readonly dependsOn: ReadonlySet<string>;
}

export interface ShippedTree {
  readonly workspace: readonly ShippedWorkspacePackage[];
  readonly packages: readonly ShippedPackage[];
}

export class ShippedTreeError extends Error {
  override readonly name = 'ShippedTreeError';
}

function readManifest(dir: string): PackageManifest {
  const value: unknown = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ShippedTreeError(`${dir}/package.json is not an object`);
  }
  return value as PackageManifest;
}

function nameAndVersion(dir: string, manifest: PackageManifest): { name: string; version: string } {
  const { name, version } = manifest;
  if (typeof name !== 'string' || typeof version !== 'string') {
    throw new ShippedTreeError(`${dir}/package.json has no name and version`);
  }
  return { name, version };
}

/** The entries of a node_modules folder, scoped ones (`@scope/name`) included; dot entries left out. */
function moduleEntries(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(nodeModules).sort()) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const scoped of readdirSync(path.join(nodeModules, entry)).sort()) out.push(`${entry}/${scoped}`);
    } else {
      out.push(entry);
    }
  }
  return out;
}

/**
 * What a container image holds under /app, read from its files (scripts/assemble-image-tree.sh writes them,
 * decision 0066): our packages at their workspace paths and every third-party package in pnpm's virtual store
 * (`node_modules/.pnpm/<entry>/node_modules/<name>`), with the links between them. Reading the files rather than the
 * lockfile is what makes this the inventory of what ships: the native bindings the script copies in by hand are here
 * too, and nothing the install left out is.
 */
export function readShippedTree(treeDir: string): ShippedTree {
  const root = realpathSync(treeDir);
  const store = path.join(root, 'node_modules', '.pnpm');
  if (!existsSync(store)) throw new ShippedTreeError(`${treeDir} has no node_modules/.pnpm: not an image tree`);

  const workspaceDirs = new Map<string, string>();
  for (const group of readdirSync(root).sort()) {
    if (group === 'node_modules' || group.startsWith('.') || !lstatSync(path.join(root, group)).isDirectory()) continue;
    for (const name of readdirSync(path.join(root, group)).sort()) {
      const dir = path.join(root, group, name);
      if (existsSync(path.join(dir, 'package.json'))) workspaceDirs.set(dir, `${group}/${name}`);
    }
  }

  const keyByDir = new Map<string, string>();
  const found: { dir: string; modules: string; manifest: PackageManifest; name: string; version: string }[] = [];
  for (const entry of readdirSync(store).sort()) {
    const modules = path.join(store, entry, 'node_modules');
    if (entry.startsWith('.') || entry === 'node_modules' || !existsSync(modules)) continue;
    const own = moduleEntries(modules).filter((name) => !lstatSync(path.join(modules, name)).isSymbolicLink());
    if (own.length !== 1) throw new ShippedTreeError(`${entry}: ${own.length} packages in one store entry`);
    const dir = path.join(modules, own[0] ?? '');
    const manifest = readManifest(dir);
    const { name, version } = nameAndVersion(dir, manifest);
    // A package's own node_modules (bundled dependencies) is not walked: refuse it rather than leave it unlisted.
    const bundled = moduleEntries(path.join(dir, 'node_modules'));
    if (bundled.some((inner) => existsSync(path.join(dir, 'node_modules', inner, 'package.json')))) {
      throw new ShippedTreeError(`${name}@${version} bundles packages of its own: not listed`);
    }
    keyByDir.set(dir, `${name}@${version}`);
    found.push({ dir, modules, manifest, name, version });
  }

  /** The key of the package a link in `nodeModules` resolves to; a link leading out of the tree throws. */
  const linkedKeys = (nodeModules: string, self?: string): Set<string> => {
    const keys = new Set<string>();
    for (const name of moduleEntries(nodeModules)) {
      const target = realpathSync(path.join(nodeModules, name));
      if (target === self) continue;
      const key = keyByDir.get(target) ?? workspaceDirs.get(target);
      if (key === undefined) throw new ShippedTreeError(`${nodeModules}/${name} leads to ${target}, outside the tree`);
      keys.add(key);
    }
    return keys;
  };

  const packages = new Map<string, ShippedPackage>();
  for (const { dir, modules, manifest, name, version } of found) {
    const key = `${name}@${version}`;
    const dependsOn = linkedKeys(modules, dir);
    const seen = packages.get(key);
    // Peer variants of one version: one component, the union of what they link.
    for (const other of seen?.dependsOn ?? []) dependsOn.add(other);
    packages.set(key, { key, name, version, manifest, dependsOn });
  }

  const workspace = [...workspaceDirs].map(([dir, key]): ShippedWorkspacePackage => {
    const manifest = readManifest(dir);
    return { key, ...nameAndVersion(dir, manifest), manifest, dependsOn: linkedKeys(path.join(dir, 'node_modules')) };
  });
  return { workspace, packages: [...packages.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}
