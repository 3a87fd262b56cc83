import { createHmac } from 'node:crypto';

/**
 * The protocolo of an order (contract 2.2: digits only), docs/decisions/0050. It must reveal no volume — a date plus one
 * platform-wide sequence let a customer count everyone's orders between two of its own (issue 12 item 11) — stay
 * unique, and carry a check digit so a mistyped one is a 404 at once, never another order.
 *
 * - The body is the order's sequence value (`order_protocolo_seq`, unique) through a keyed permutation of
 *   [0, 10^14): a balanced Feistel network over two halves of 7 digits, 10 rounds, each round's function
 *   HMAC-SHA256(secret, round ‖ half) mod 10^7 (the construction of NIST FF1, without its tweak and radix encoding).
 *   A permutation, so distinct sequence values give distinct bodies — unique by construction, no retry, no lookup —
 *   and without the secret (generated once per database, migration 0014) consecutive orders look unrelated.
 * - Then one Damm check digit: it catches every single wrong digit and every swap of two adjacent digits, the common
 *   typing errors; any other error passes the check with probability 1/10 and then must still hit an order of the same
 *   account among 10^14 bodies.
 *
 * Hand-written: Damm is a 10×10 table, and FF1 libraries bring radix handling and AES modes for what is 20 lines here.
 */

export const PROTOCOLO_BODY_DIGITS = 14;
/** Body plus the check digit. */
export const PROTOCOLO_DIGITS = PROTOCOLO_BODY_DIGITS + 1;

const HALF = 10_000_000; // 10^7: two halves of 7 digits
const ROUNDS = 10;
const DOMAIN = BigInt(HALF) * BigInt(HALF);

/** Damm's quasigroup of order 10 (weakly totally anti-symmetric): the check digit's table. */
const DAMM: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** The Damm interim digit of a string of digits: the check digit of a body, 0 for a body followed by its check. */
export function dammDigit(digits: string): number {
  let interim = 0;
  for (const char of digits) interim = DAMM[interim]?.[char.charCodeAt(0) - 48] ?? Number.NaN;
  return interim;
}

function roundValue(secret: Uint8Array, round: number, half: number): number {
  const input = Buffer.alloc(8);
  input.writeUInt32BE(round, 0);
  input.writeUInt32BE(half, 4);
  // 48 bits of the HMAC, reduced mod 10^7: the bias (under 10^7 / 2^48) is irrelevant here.
  return createHmac('sha256', secret).update(input).digest().readUIntBE(0, 6) % HALF;
}

/** The protocolo of sequence value `n` under `secret` (per database, migration 0014). */
export function protocoloOfSequence(n: bigint, secret: Uint8Array): string {
  if (n < 0n || n >= DOMAIN) throw new RangeError(`sequence value ${n} outside the protocolo domain`);
  let left = Number(n / BigInt(HALF));
  let right = Number(n % BigInt(HALF));
  for (let round = 0; round < ROUNDS; round += 1) {
    const next = (left + roundValue(secret, round, right)) % HALF;
    left = right;
    right = next;
  }
  const body = `${String(left).padStart(7, '0')}${String(right).padStart(7, '0')}`;
  return `${body}${dammDigit(body)}`;
}

/** The sequence value behind a protocolo (the inverse permutation): for tests and support tooling. */
export function sequenceOfProtocolo(protocolo: string, secret: Uint8Array): bigint {
  let left = Number(protocolo.slice(0, 7));
  let right = Number(protocolo.slice(7, PROTOCOLO_BODY_DIGITS));
  for (let round = ROUNDS - 1; round >= 0; round -= 1) {
    const previous = (right - roundValue(secret, round, left) + HALF) % HALF;
    right = left;
    left = previous;
  }
  return BigInt(left) * BigInt(HALF) + BigInt(right);
}

/** Before decision 0050: the UTC day and an 8-digit sequence value, no check digit. Still answered. */
const LEGACY = /^20[0-9]{14}$/;
const CURRENT = new RegExp(`^[0-9]{${PROTOCOLO_DIGITS}}$`);

/**
 * Whether `text` can be a protocolo at all: 15 digits whose check digit holds (or the 16-digit form issued before
 * decision 0050). Anything else is a 404 without a database lookup (contract 5.6: the same 404 as a nonexistent one).
 */
export function isWellFormedProtocolo(text: string): boolean {
  if (CURRENT.test(text)) return dammDigit(text) === 0;
  return LEGACY.test(text);
}
