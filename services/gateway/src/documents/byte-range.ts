import type { ByteRange } from '@regapi/documents';

export type RangeRequest =
  /** No usable `Range`: the whole document (a server may ignore a Range it does not serve, RFC 9110 14.2). */
  | { readonly kind: 'whole' }
  | { readonly kind: 'partial'; readonly range: ByteRange }
  /** No byte of the range exists: 416 with `Content-Range: bytes *\/<size>`. */
  | { readonly kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * One byte range of a `size`-byte document from a `Range` header (RFC 9110 14.1.2): `a-b`, `a-` or `-n` (the last n
 * bytes), the end clamped to the last byte. Several ranges (multipart/byteranges) and malformed values are ignored:
 * the whole document is served, which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  // `9-1` is not a range at all (ignored); `70000-` of a smaller document is one with no byte in it (416).
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}
