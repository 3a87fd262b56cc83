import { env } from './readers';

/** Variables every distributed service reads. Defaults fit the developer machine (local PostgreSQL and RabbitMQ). */
export const commonConfig = {
  DATABASE_URL: env.url(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/regapi'),
  AMQP_URL: env.url(['amqp:', 'amqps:'], 'amqp://guest:guest@127.0.0.1:5672'),
  LOG_LEVEL: env.oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const, 'info'),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl(['http:', 'https:']),
};
