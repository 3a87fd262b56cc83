import { randomBytes } from 'node:crypto';
import {
  dammDigit,
  isWellFormedProtocolo,
  PROTOCOLO_DIGITS,
  protocoloOfSequence,
  sequenceOfProtocolo,
} from '../src/protocolo';

// Issue 12 item 11 (docs/decisions/0050): digits only, unique, revealing no volume, with a check digit that turns
// every single-digit typo and every adjacent swap into a malformed number.

const secret = randomBytes(32);

test('Damm: the published example (572 → 4), and a number followed by its check digit reduces to 0', () => {
  expect(dammDigit('572')).toBe(4);
  expect(dammDigit('5724')).toBe(0);
});

test('digits only, fixed length, check digit valid, and the permutation inverts back to the sequence value', () => {
  for (const n of [1n, 2n, 42n, 999_999n, 10_000_000n, 99_999_999_999_999n]) {
    const protocolo = protocoloOfSequence(n, secret);
    expect(protocolo).toMatch(new RegExp(`^[0-9]{${PROTOCOLO_DIGITS}}$`));
    expect(isWellFormedProtocolo(protocolo)).toBe(true);
    expect(sequenceOfProtocolo(protocolo, secret)).toBe(n);
  }
  expect(() => protocoloOfSequence(100_000_000_000_000n, secret)).toThrow(RangeError);
});

test('consecutive orders get unrelated, unique numbers: no count can be read from two of them', () => {
  const seen = new Set<string>();
  let sharedPrefix = 0;
  let previous = protocoloOfSequence(1000n, secret);
  for (let n = 1001n; n <= 21_000n; n += 1n) {
    const protocolo = protocoloOfSequence(n, secret);
    seen.add(protocolo);
    if (protocolo.slice(0, 7) === previous.slice(0, 7)) sharedPrefix += 1;
    previous = protocolo;
  }
  expect(seen.size).toBe(20_000);
  // A counter would share its leading half almost always; a random permutation about once in 10^7.
  expect(sharedPrefix).toBeLessThan(5);
  // Another database's key gives other numbers for the same sequence value.
  expect(protocoloOfSequence(1000n, randomBytes(32))).not.toBe(protocoloOfSequence(1000n, secret));
});

test('every single-digit typo and every adjacent swap fails the check digit', () => {
  for (let n = 1n; n <= 60n; n += 1n) {
    const protocolo = protocoloOfSequence(n * 7_919n, secret);
    for (let i = 0; i < protocolo.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        const typo = `${protocolo.slice(0, i)}${d}${protocolo.slice(i + 1)}`;
        if (typo !== protocolo) expect([typo, isWellFormedProtocolo(typo)]).toEqual([typo, false]);
      }
      const a = protocolo[i] ?? '';
      const b = protocolo[i + 1] ?? '';
      if (i + 1 < protocolo.length && a !== b) {
        const swapped = `${protocolo.slice(0, i)}${b}${a}${protocolo.slice(i + 2)}`;
        expect([swapped, isWellFormedProtocolo(swapped)]).toEqual([swapped, false]);
      }
    }
  }
});

test('anything else is malformed; the 16-digit numbers issued before decision 0050 are still answered', () => {
  for (const text of ['', '0', '12345678901234', '1234567890123456789', 'abcdefghijklmno', '12345678901234x']) {
    expect([text, isWellFormedProtocolo(text)]).toEqual([text, false]);
  }
  expect(isWellFormedProtocolo('2026112100000042')).toBe(true);
});
