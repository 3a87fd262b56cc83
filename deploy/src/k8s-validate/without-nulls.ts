/**
 * A copy with every object field whose value is null removed. The API server reads such a field as unset (a Go zero
 * value for built-in kinds; pruned for a CRD field that is not `nullable`), and generated manifests carry them
 * (`creationTimestamp: null`). A null inside a list is kept: it is a value, and the schema judges it.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutNulls(inner)]),
  );
}
