import { ConfigError, env, loadConfig } from '@regapi/config';

const shape = {
  PORT: env.port(8080),
  DATABASE_URL: env.url(['postgres:', 'postgresql:']),
  MODE: env.oneOf(['standalone', 'distributed'] as const, 'standalone'),
  RATE: env.number({ min: 0, max: 1, default: 0.5 }),
  DEBUG: env.boolean(false),
  WEBHOOK: env.optionalUrl(['http:', 'https:']),
};

test('defaults fill what is absent and values are typed', () => {
  const config = loadConfig(shape, { DATABASE_URL: 'postgres://db/x' });
  expect(config).toEqual({
    PORT: 8080,
    DATABASE_URL: 'postgres://db/x',
    MODE: 'standalone',
    RATE: 0.5,
    DEBUG: false,
    WEBHOOK: undefined,
  });
  expect(Object.isFrozen(config)).toBe(true);
});

test('given values are parsed', () => {
  const config = loadConfig(shape, {
    PORT: '9000',
    DATABASE_URL: 'postgresql://db/x',
    MODE: 'distributed',
    RATE: '0.25',
    DEBUG: 'true',
    WEBHOOK: 'https://alerts.example/hook',
  });
  expect(config.PORT).toBe(9000);
  expect(config.MODE).toBe('distributed');
  expect(config.RATE).toBe(0.25);
  expect(config.DEBUG).toBe(true);
  expect(config.WEBHOOK).toBe('https://alerts.example/hook');
});

test.each([
  [{}, 'DATABASE_URL', 'config: DATABASE_URL is required but not set'],
  [{ DATABASE_URL: '   ' }, 'DATABASE_URL', 'config: DATABASE_URL is required but not set'],
  [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL', 'config: DATABASE_URL must be a URL'],
  [
    { DATABASE_URL: 'mysql://db/x' },
    'DATABASE_URL',
    'config: DATABASE_URL must use postgres: or postgresql:, got mysql:',
  ],
  [{ DATABASE_URL: 'postgres://db/x', PORT: 'abc' }, 'PORT', 'config: PORT must be an integer, got "abc"'],
  [{ DATABASE_URL: 'postgres://db/x', PORT: '70000' }, 'PORT', 'config: PORT must be between 0 and 65535, got 70000'],
  [
    { DATABASE_URL: 'postgres://db/x', MODE: 'cluster' },
    'MODE',
    'config: MODE must be one of standalone, distributed, got "cluster"',
  ],
  [{ DATABASE_URL: 'postgres://db/x', RATE: '2' }, 'RATE', 'config: RATE must be between 0 and 1, got 2'],
  [{ DATABASE_URL: 'postgres://db/x', DEBUG: 'yes' }, 'DEBUG', 'config: DEBUG must be true or false, got "yes"'],
])('a bad environment %j names %s in one line', (source, variable, message) => {
  let caught: unknown;
  try {
    loadConfig(shape, source);
  } catch (error: unknown) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  expect((caught as ConfigError).variable).toBe(variable);
  expect((caught as ConfigError).message).toBe(message);
  expect((caught as ConfigError).message).not.toContain('\n');
});
