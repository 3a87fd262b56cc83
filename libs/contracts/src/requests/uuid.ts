/**
 * A UUID of any version, in its canonical 8-4-4-4-12 hex form, either case (RFC 9562 says input is case-insensitive).
 * Stricter than ajv-formats' `uuid`, which also takes a `urn:uuid:` prefix: a header carries the bare UUID.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
