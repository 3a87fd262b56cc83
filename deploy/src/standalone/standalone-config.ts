import { env } from '@regapi/config';

export const standaloneConfig = {
  PORT: env.port(8080),
  HOST: env.string('127.0.0.1'),
  /** Everything the standalone system keeps: the PostgreSQL cluster, the documents. */
  DATA_DIR: env.string('.data'),
  EMBEDDED_PG_PORT: env.port(54329),
  S3_PORT: env.port(4569),
  S3_BUCKET: env.string('regapi-documents'),
  LOG_LEVEL: env.oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const, 'info'),
};
