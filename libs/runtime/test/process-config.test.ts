import { env, loadConfig } from '@regapi/config';
import { baseProcessConfig, serviceProcessConfig } from '../src';

const PORTS = { port: 8085, internalPort: 9085, metricsPort: 9185 };

test('a service that uses the bus reads AMQP_URL with the base variables, then its own', () => {
  const config = serviceProcessConfig(PORTS, { OWN: env.string('x') });
  expect(config.broker).toBe(true);
  expect(Object.keys(config.shape)).toEqual([...Object.keys(baseProcessConfig(PORTS)), 'OWN']);
  expect(Object.keys(config.shape)).toContain('AMQP_URL');
});

test('a service without the bus reads every base variable but AMQP_URL, so no manifest must set it', () => {
  const config = serviceProcessConfig(PORTS, { OWN: env.string('x') }, { broker: false });
  expect(config.broker).toBe(false);
  expect(Object.keys(config.shape)).not.toContain('AMQP_URL');
  expect(Object.keys(config.shape).sort()).toEqual(
    [...Object.keys(baseProcessConfig(PORTS)).filter((name) => name !== 'AMQP_URL'), 'OWN'].sort(),
  );
  // A bad AMQP_URL in its environment is not its concern.
  const loaded = loadConfig(config.shape, { AMQP_URL: 'not a url', PORT: '0' });
  expect(loaded.PORT).toBe(0);
  expect(loaded.INTERNAL_PORT).toBe(9085);
});
