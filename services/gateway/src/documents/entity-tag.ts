/** The document's ETag: its SHA-256, a strong validator (the bytes never change under one protocolo). */
export function entityTag(sha256: string): string {
  return `"${sha256}"`;
}

/**
 * `If-None-Match` (RFC 9110 13.1.2): `*` or a list of tags, compared weakly (a `W/` prefix is ignored). True means
 * the client has this representation: answer 304.
 */
export function noneMatchHit(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

/**
 * `If-Range` (RFC 9110 13.1.5): the range is served only when the client's validator is still the current one,
 * compared strongly; a date is not ours to match (we send the tag), so it means "send everything".
 */
export function ifRangeAllows(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag;
}
