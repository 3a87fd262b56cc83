import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * The Subresource Integrity string (`sha512-<base64>`) the lockfile pins for each `name@version` (its `packages:`
 * section): the hash of the tarball pnpm verified when it installed the package.
 */
export function lockfileIntegrity(lockfile: string): ReadonlyMap<string, string> {
  const document: unknown = parse(readFileSync(lockfile, 'utf8'));
  const packages = (document as { packages?: unknown } | null)?.packages;
  const out = new Map<string, string>();
  if (typeof packages !== 'object' || packages === null) return out;
  for (const [key, value] of Object.entries(packages)) {
    const integrity = (value as { resolution?: { integrity?: unknown } } | null)?.resolution?.integrity;
    if (typeof integrity === 'string') out.set(key, integrity);
  }
  return out;
}
