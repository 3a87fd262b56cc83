import { ConfigError, loadConfig } from '@regapi/config';
import { InvalidTtlError, parseTtl } from '@regapi/tokens';
import { gatewayConfig, gatewaySettingsFrom } from '../src';

// The gateway's secrets are validated at start (README, configuration): a bad one stops it with one line (exit 78).

const SECRET = 'a'.repeat(32);
const ADMIN = 'b'.repeat(32);

function settings(env: Record<string, string>) {
  return gatewaySettingsFrom(loadConfig(gatewayConfig, env));
}

test('one key: it is the active one; the cache time defaults to 1000 ms', () => {
  const loaded = settings({ JWT_KEYS: `k1:${SECRET}`, ADMIN_TOKEN: ADMIN });
  expect(loaded.keyring.activeKid).toBe('k1');
  expect([...loaded.keyring.keys.keys()]).toEqual(['k1']);
  expect(loaded.tokenCacheMs).toBe(1000);
});

test('several keys: the active kid is required and must be one of them; secrets may hold colons', () => {
  const loaded = settings({ JWT_KEYS: `old:${SECRET}, new:${SECRET}:x`, JWT_ACTIVE_KID: 'new', ADMIN_TOKEN: ADMIN });
  expect(loaded.keyring.activeKid).toBe('new');
  expect([...loaded.keyring.keys.keys()]).toEqual(['old', 'new']);
});

test.each([
  [{}, 'config: JWT_KEYS is required but not set'],
  [{ JWT_KEYS: `k1:${SECRET}` }, 'config: ADMIN_TOKEN is required but not set'],
  [{ JWT_KEYS: `k1:${SECRET}`, ADMIN_TOKEN: 'short' }, 'config: ADMIN_TOKEN must be at least 32 characters'],
  [
    { JWT_KEYS: 'k1:short', ADMIN_TOKEN: ADMIN },
    'config: JWT_KEYS entry 1 (kid k1): secret must be at least 32 characters',
  ],
  [{ JWT_KEYS: SECRET, ADMIN_TOKEN: ADMIN }, 'config: JWT_KEYS entry 1 must be kid:secret'],
  [
    { JWT_KEYS: `k 1:${SECRET}`, ADMIN_TOKEN: ADMIN },
    'config: JWT_KEYS entry 1: kid must match ^[A-Za-z0-9._-]{1,64}$',
  ],
  [{ JWT_KEYS: `k1:${SECRET},k1:${SECRET}`, ADMIN_TOKEN: ADMIN }, 'config: JWT_KEYS kid k1 appears twice'],
  [
    { JWT_KEYS: `k1:${SECRET},k2:${SECRET}`, ADMIN_TOKEN: ADMIN },
    'config: JWT_ACTIVE_KID is required when JWT_KEYS holds more than one key',
  ],
  [
    { JWT_KEYS: `k1:${SECRET}`, JWT_ACTIVE_KID: 'k2', ADMIN_TOKEN: ADMIN },
    'config: JWT_ACTIVE_KID names kid k2, which is not in JWT_KEYS',
  ],
  [
    { JWT_KEYS: `k1:${SECRET}`, ADMIN_TOKEN: ADMIN, TOKEN_CACHE_MS: '5000' },
    'config: TOKEN_CACHE_MS must be between 0 and 2000, got 5000',
  ],
])('%j → %s', (env, message) => {
  expect(() => settings(env)).toThrow(ConfigError);
  expect(() => settings(env)).toThrow(message);
});

test('a secret never appears in an error', () => {
  const secret = 'this-is-a-secret-never-to-be-printed';
  expect(() => settings({ JWT_KEYS: `k1:${secret},k1:${secret}`, ADMIN_TOKEN: ADMIN })).not.toThrow(secret);
});

test.each([
  ['30d', 30 * 86_400],
  ['12h', 12 * 3600],
  ['90m', 5400],
  ['60s', 60],
  ['366d', 366 * 86_400],
])('ttl %s → %d s', (text, seconds) => {
  expect(parseTtl(text)).toBe(seconds);
});

test.each(['0d', '59s', '367d', '1y', '30', 'd', '-1d', '1.5d', '030d'])('ttl %j is refused', (text) => {
  expect(() => parseTtl(text)).toThrow(InvalidTtlError);
});
