import { env } from './readers';

/** Variables every distributed service reads. Defaults fit the developer machine (local PostgreSQL and RabbitMQ). */
export const commonConfig = {
  DATABASE_URL: env.url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/regapi'),
  AMQP_URL: env.url(['amqp:', 'amqps:'], 'amqp://guest:guest@127.0.0.1:5672'),
  /** Connections of the process's pool: part of the budget under PostgreSQL's max_connections (decision 0125). */
  DATABASE_POOL_MAX: env.integer({ min: 1, max: 100, default: 10 }),
  /** How long a query waits for a connection to be made before its request is answered 503. */
  DATABASE_CONNECT_TIMEOUT_MS: env.integer({ min: 100, max: 60_000, default: 5_000 }),
  LOG_LEVEL: env.oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const, 'info'),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl(['http:', 'https:']),
};
