import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time comparison of a presented secret with the expected one. Both are hashed first, so the comparison
 * runs over equal lengths and its time says nothing about the expected secret's length or prefix.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
