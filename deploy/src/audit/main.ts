// `pnpm audit:shipped [--sbom FILE | --tree DIR] [--audit-level high] [--registry URL] [--timeout-ms N]`: the registry's
// advisories for exactly the third-party packages the image ships (decision 0133). FILE is a CycloneDX SBOM written by
// `pnpm sbom`; DIR an image's /app; with neither, the tree is assembled from this workspace. The last line printed
// says which of three things happened, and so does the exit code (AUDIT_EXIT): audited with nothing at or above the
// level, audited with findings, or not run because the registry did not answer (never counted as a clean audit).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PackageURL } from 'packageurl-js';
import { withImageTree } from '../sbom/image-tree';
import { readShippedTree } from '../sbom/shipped-tree';
import {
  type AuditOutcome,
  atOrAbove,
  auditVersions,
  type PackageVersion,
  SEVERITIES,
  type Severity,
} from './bulk-advisories';
import { AUDIT_EXIT } from './exit-codes';

/** The npm packages of a CycloneDX document, by their purls. */
function packagesOfSbom(file: string): PackageVersion[] {
  const document = JSON.parse(readFileSync(file, 'utf8')) as { components?: { purl?: unknown }[] };
  return (document.components ?? []).flatMap((component) => {
    if (typeof component.purl !== 'string' || !component.purl.startsWith('pkg:npm/')) return [];
    const purl = PackageURL.fromString(component.purl);
    const name = purl.namespace ? `${purl.namespace}/${purl.name}` : purl.name;
    return purl.version ? [{ name, version: purl.version }] : [];
  });
}

function isSeverity(value: string): value is Severity {
  return (SEVERITIES as readonly string[]).includes(value);
}

function report(outcome: AuditOutcome, level: Severity): number {
  if (outcome.kind === 'not-run') {
    console.log(`audit: not run, ${outcome.reason}`);
    return AUDIT_EXIT.notRun;
  }
  const failing = atOrAbove(outcome.findings, level);
  for (const { name, version, advisory } of failing) {
    console.log(
      `  ${advisory.severity} ${name}@${version}: ${advisory.title} (${advisory.vulnerable_versions}) ${advisory.url}`,
    );
  }
  const below = outcome.findings.length - failing.length;
  const also = below === 0 ? '' : ` (${below} below ${level})`;
  if (failing.length > 0) {
    console.log(`audit: ${failing.length} ${level} or worse in the ${outcome.packages} packages that ship${also}`);
    return AUDIT_EXIT.findings;
  }
  console.log(`audit: none ${level} or worse in the ${outcome.packages} packages that ship${also}`);
  return AUDIT_EXIT.clean;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sbom: { type: 'string' },
      tree: { type: 'string' },
      'audit-level': { type: 'string', default: 'high' },
      registry: { type: 'string', default: process.env.npm_config_registry ?? 'https://registry.npmjs.org/' },
      'timeout-ms': { type: 'string', default: '30000' },
    },
  });
  const level = values['audit-level'];
  if (!isSeverity(level)) {
    console.error(`audit: --audit-level is one of ${SEVERITIES.join(', ')}`);
    return AUDIT_EXIT.usage;
  }
  const packages =
    values.sbom !== undefined
      ? packagesOfSbom(values.sbom)
      : await withImageTree(values.tree, async (dir) => readShippedTree(dir).packages);
  const outcome = await auditVersions(packages, {
    registry: values.registry,
    timeoutMs: Number(values['timeout-ms']),
  });
  return report(outcome, level);
}

void main().then((code) => {
  process.exitCode = code;
});
