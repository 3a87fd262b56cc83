import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so key order and white space do not change a request's identity. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an `Idempotency-Key` is bound to (architecture rule 4): method + path + canonical body, hashed. The body
 * is the one the client sent (parsed JSON), not our normalized reading of it: "529.982.247-25" and "52998224725" are
 * two requests to us, even if they mean the same person (docs/decisions/0026).
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}
