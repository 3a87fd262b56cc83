/**
 * A diff as JSON bytes that depend only on its content: object keys sorted at every level (arrays keep their order,
 * which the comparison already made canonical). The same two runs give byte-identical text, so a stored diff, its
 * hash and the change event are one per real change (decision 0162).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(Reflect.get(value, key));
  return sorted;
}

/** Plain code-point order, independent of the machine's locale (`localeCompare` is not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
