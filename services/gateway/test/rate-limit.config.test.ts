import { ConfigError, loadConfig } from '@regapi/config';
import { gatewayConfig, gatewaySettingsFrom } from '../src';

// RATE_LIMIT_BURST and RATE_LIMIT_PER_SECOND (decisions 0035, 0055: per account): validated at start, a bad one names
// its variable.

const BASE = { JWT_KEYS: `k1:${'a'.repeat(32)}`, ADMIN_TOKEN: 'b'.repeat(32) };

function settings(env: Record<string, string>) {
  return gatewaySettingsFrom(loadConfig(gatewayConfig, { ...BASE, ...env }));
}

test('defaults: 100 at once, 20 per second', () => {
  expect(settings({}).rateLimit).toEqual({ burst: 100, perSecond: 20 });
});

test('both variables are read', () => {
  expect(settings({ RATE_LIMIT_BURST: '30', RATE_LIMIT_PER_SECOND: '5' }).rateLimit).toEqual({
    burst: 30,
    perSecond: 5,
  });
});

test('a launcher that does not read them gets the defaults', () => {
  const { RATE_LIMIT_BURST: _burst, RATE_LIMIT_PER_SECOND: _perSecond, ...rest } = loadConfig(gatewayConfig, BASE);
  expect(gatewaySettingsFrom(rest).rateLimit).toEqual({ burst: 100, perSecond: 20 });
});

test.each([
  [{ RATE_LIMIT_PER_SECOND: '0' }, 'config: RATE_LIMIT_PER_SECOND must be between 1 and 10000, got 0'],
  [{ RATE_LIMIT_PER_SECOND: '-1' }, 'config: RATE_LIMIT_PER_SECOND must be between 1 and 10000, got -1'],
  [{ RATE_LIMIT_PER_SECOND: '2.5' }, 'config: RATE_LIMIT_PER_SECOND must be an integer, got "2.5"'],
  [{ RATE_LIMIT_BURST: '0' }, 'config: RATE_LIMIT_BURST must be between 1 and 100000, got 0'],
  [{ RATE_LIMIT_BURST: 'lots' }, 'config: RATE_LIMIT_BURST must be an integer, got "lots"'],
  [{ RATE_LIMIT_BURST: '1000001' }, 'config: RATE_LIMIT_BURST must be between 1 and 100000, got 1000001'],
  [
    { RATE_LIMIT_BURST: '10', RATE_LIMIT_PER_SECOND: '20' },
    'config: RATE_LIMIT_BURST must be at least RATE_LIMIT_PER_SECOND (20), got 10',
  ],
])('%j → %s', (env, message) => {
  expect(() => settings(env)).toThrow(ConfigError);
  expect(() => settings(env)).toThrow(message);
});
