import { openTotpSecret, parseTotpKey, sealTotpSecret, TotpKeyError } from '../src';

// docs/decisions/0083: TOTP secrets sealed at rest with AES-256-GCM, bound to their user.

const key = parseTotpKey('ab'.repeat(32));
const userA = '5b0d7c1e-0000-4000-8000-00000000000a';
const userB = '5b0d7c1e-0000-4000-8000-00000000000b';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

test('sealed: not the secret, different each time, opens for its user only', () => {
  const first = sealTotpSecret(key, userA, secret);
  const second = sealTotpSecret(key, userA, secret);
  expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  expect(first).not.toContain(secret);
  expect(second).not.toBe(first);
  expect(openTotpSecret(key, userA, first)).toBe(secret);
  expect(() => openTotpSecret(key, userB, first)).toThrow(TotpKeyError);
  expect(() => openTotpSecret(parseTotpKey('cd'.repeat(32)), userA, first)).toThrow(TotpKeyError);
  expect(() => openTotpSecret(undefined, userA, first)).toThrow('no key is configured');
});

test('without a key: stored as is; a plain secret still opens once a key is configured', () => {
  expect(sealTotpSecret(undefined, userA, secret)).toBe(secret);
  expect(openTotpSecret(key, userA, secret)).toBe(secret);
});

test.each(['', 'short', 'zz'.repeat(32), 'ab'.repeat(31)])('a malformed key %j is refused', (text) => {
  expect(() => parseTotpKey(text)).toThrow(TotpKeyError);
});
