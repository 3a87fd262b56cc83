/** Roughly the largest JSON text of a value a 422 echoes back in `valor`. */
export const ECHO_MAX_CHARS = 256;
/** The deepest list or object a 422 echoes back in `valor`. */
export const ECHO_MAX_DEPTH = 3;

/**
 * Whether a value sent is small enough to echo back in a 422's `valor` (issue 12 item 5): a scalar, a short text, a
 * small shallow list or object. Anything else is left out, so no answer grows with what a client sent and no
 * serialization of a deep value can overflow the stack. The walk stops as soon as the budget is spent.
 */
export function isEchoable(value: unknown): boolean {
  return remainingAfter(value, 0, ECHO_MAX_CHARS) >= 0;
}

function remainingAfter(value: unknown, depth: number, budget: number): number {
  if (value === null || typeof value === 'boolean') return budget - 5;
  if (typeof value === 'number') return budget - String(value).length;
  if (typeof value === 'string') return budget - value.length - 2;
  if (typeof value !== 'object' || depth >= ECHO_MAX_DEPTH) return -1;
  let left = budget - 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      left = remainingAfter(item, depth + 1, left - 1);
      if (left < 0) return left;
    }
    return left;
  }
  for (const [key, item] of Object.entries(value)) {
    left = remainingAfter(item, depth + 1, left - key.length - 4);
    if (left < 0) return left;
  }
  return left;
}
