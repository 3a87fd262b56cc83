import { gzipSync } from 'node:zlib';
import { Ajv, type JSONSchemaType } from 'ajv';
import semver from 'semver';

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One advisory as the registry's bulk endpoint reports it. */
export interface Advisory {
  readonly id: number;
  readonly title: string;
  readonly url: string;
  readonly severity: Severity;
  /** A semver range. */
  readonly vulnerable_versions: string;
}

export interface PackageVersion {
  readonly name: string;
  readonly version: string;
}

export interface Finding extends PackageVersion {
  readonly advisory: Advisory;
}

/** Either the registry answered (and these are its advisories for the versions sent), or no audit happened. */
export type AuditOutcome =
  | { readonly kind: 'audited'; readonly packages: number; readonly findings: readonly Finding[] }
  | { readonly kind: 'not-run'; readonly reason: string };

export interface AuditOptions {
  /** The registry's root, `https://registry.npmjs.org/`. */
  readonly registry: string;
  readonly timeoutMs: number;
}

type BulkResponse = Record<string, Advisory[]>;

const bulkResponse: JSONSchemaType<BulkResponse> = {
  type: 'object',
  required: [],
  additionalProperties: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'title', 'url', 'severity', 'vulnerable_versions'],
      properties: {
        id: { type: 'integer' },
        title: { type: 'string' },
        url: { type: 'string' },
        severity: { type: 'string', enum: SEVERITIES },
        vulnerable_versions: { type: 'string' },
      },
    },
  },
};
const isBulkResponse = new Ajv().compile(bulkResponse);

/**
 * Asks the registry's bulk advisory endpoint (`POST /-/npm/v1/security/advisories/bulk`, gzipped `{name: [versions]}`:
 * the endpoint npm's own client uses, the older `audits` ones being retired) which advisories concern these versions.
 * Anything but a well-formed answer is `not-run` with the reason, never an empty audit.
 */
export async function auditVersions(packages: readonly PackageVersion[], options: AuditOptions): Promise<AuditOutcome> {
  const request: Record<string, string[]> = {};
  for (const { name, version } of packages) {
    const versions = request[name] ?? [];
    if (!versions.includes(version)) request[name] = [...versions, version];
  }
  const url = new URL(
    '-/npm/v1/security/advisories/bulk',
    options.registry.endsWith('/') ? options.registry : `${options.registry}/`,
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', accept: 'application/json' },
      body: gzipSync(JSON.stringify(request)),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
    return { kind: 'not-run', reason: `${url} could not be reached (${String(cause)})` };
  }
  const text = await response.text();
  if (!response.ok) return { kind: 'not-run', reason: `${url} answered ${response.status}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'not-run', reason: `${url} answered ${response.status} with something other than JSON` };
  }
  if (!isBulkResponse(body)) return { kind: 'not-run', reason: `${url} answered with no bulk advisory report` };

  const findings: Finding[] = [];
  for (const [name, advisories] of Object.entries(body)) {
    for (const version of request[name] ?? []) {
      for (const advisory of advisories) {
        if (affects(advisory.vulnerable_versions, version)) findings.push({ name, version, advisory });
      }
    }
  }
  return { kind: 'audited', packages: packages.length, findings };
}

/** Whether a version is in an advisory's range; a range semver cannot read counts as affecting it. */
function affects(range: string, version: string): boolean {
  if (semver.validRange(range) === null) return true;
  return semver.satisfies(version, range, { includePrerelease: true });
}

/** The findings of `level` or worse. */
export function atOrAbove(findings: readonly Finding[], level: Severity): Finding[] {
  const floor = SEVERITIES.indexOf(level);
  return findings.filter((finding) => SEVERITIES.indexOf(finding.advisory.severity) >= floor);
}
