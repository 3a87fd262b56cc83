import { ConfigError } from '@regapi/config';
import { DEFAULT_SERVER_LIMITS, loadServerLimits, NO_TRUSTED_PROXIES } from '@regapi/http';

// docs/decisions/0053: the HTTP_* variables, validated at start like every other.

test('unset, the limits are the documented defaults', () => {
  expect(loadServerLimits({})).toEqual({
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    idleTimeoutMs: 60_000,
    maxConnections: 2_000,
    trustedProxies: NO_TRUSTED_PROXIES,
  });
  expect(DEFAULT_SERVER_LIMITS).toEqual(loadServerLimits({}));
});

test('each variable is read', () => {
  expect(
    loadServerLimits({
      HTTP_HEADERS_TIMEOUT_MS: '2000',
      HTTP_REQUEST_TIMEOUT_MS: '4000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      HTTP_IDLE_TIMEOUT_MS: '9000',
      HTTP_MAX_CONNECTIONS: '50',
    }),
  ).toEqual({
    headersTimeoutMs: 2000,
    requestTimeoutMs: 4000,
    keepAliveTimeoutMs: 1000,
    idleTimeoutMs: 9000,
    maxConnections: 50,
    trustedProxies: NO_TRUSTED_PROXIES,
  });
});

test.each([
  ['HTTP_REQUEST_TIMEOUT_MS', '0'],
  ['HTTP_REQUEST_TIMEOUT_MS', 'never'],
  ['HTTP_HEADERS_TIMEOUT_MS', '-1'],
  ['HTTP_IDLE_TIMEOUT_MS', '10'],
  ['HTTP_MAX_CONNECTIONS', '0'],
])('%s=%s is refused with a line naming it', (name, value) => {
  expect(() => loadServerLimits({ [name]: value })).toThrow(ConfigError);
  expect(() => loadServerLimits({ [name]: value })).toThrow(name);
});

test('a headers timeout longer than the request timeout could never apply: refused', () => {
  expect(() => loadServerLimits({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
    'HTTP_HEADERS_TIMEOUT_MS',
  );
});
