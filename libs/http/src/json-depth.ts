/** Deepest nesting of objects and arrays a request body may have; every valid body today is one level deep. */
export const MAX_JSON_DEPTH = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/**
 * Whether the JSON text in `bytes` nests objects and arrays deeper than `max`, found in one pass over the raw bytes
 * BEFORE JSON.parse builds anything: a 10 KB body can nest 5,000 levels, and every later recursive walk of the value
 * (a validator, an echo in an error, JSON.stringify) would overflow the stack. UTF-8 (RFC 8259): every byte of a
 * multi-byte character is ≥ 0x80, so quotes, backslashes and brackets are found byte by byte. Malformed text is left
 * to JSON.parse to refuse.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const byte of bytes) {
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === BACKSLASH) escaped = true;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(byte)) {
      depth -= 1;
    }
  }
  return false;
}
