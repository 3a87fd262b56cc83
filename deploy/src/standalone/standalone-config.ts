import { env } from '@regapi/config';
import { consoleConfig } from '@regapi/console';
import { consoleMailConfig } from '@regapi/console-auth';
import { gatewayConfig } from '@regapi/gateway';
import { metricsListenerConfig } from '@regapi/runtime';

export const standaloneConfig = {
  PORT: env.port(8080),
  HOST: env.string('127.0.0.1'),
  /** The internal listener: probes, admin API, status routes (docs/decisions/0054). Never expose it. */
  INTERNAL_PORT: env.port(9080),
  INTERNAL_HOST: env.string('127.0.0.1'),
  /** The console's own listener (its pages), on HOST beside the API (docs/decisions/0080). */
  CONSOLE_PORT: env.port(8085),
  /** The console's address in its invitation and reset links; unset: the console listener's own URL. */
  CONSOLE_PUBLIC_URL: env.optionalUrl(['http:', 'https:']),
  /** Optional: mail the console's links (docs/decisions/0082); unset, they are written to this process's log. */
  SMTP_URL: consoleMailConfig.SMTP_URL,
  SMTP_FROM: consoleMailConfig.SMTP_FROM,
  CONSOLE_TOTP_KEY: consoleMailConfig.CONSOLE_TOTP_KEY,
  /** The public API documentation the console's home page links to (docs/decisions/0156). */
  CONSOLE_DOCS_URL: consoleConfig.CONSOLE_DOCS_URL,
  /** The metrics listener: GET /metrics for Prometheus (docs/decisions/0062). */
  ...metricsListenerConfig(9180),
  /** Everything the standalone system keeps: the PostgreSQL cluster, the documents, the gateway's secrets. */
  DATA_DIR: env.string('.data'),
  EMBEDDED_PG_PORT: env.port(54329),
  /** The sandbox for `teste` tokens (docs/decisions/0099): its own database, bus, folder and simulator. */
  SANDBOX: env.boolean(true),
  /**
   * The sandbox's clock (decision 0136): its simulator's time scale (a search in well under a second, a certificate in
   * about 72 s), and so its services' waits and every wait the gateway tells a `teste` token.
   */
  SANDBOX_TIME_SCALE: gatewayConfig.SANDBOX_TIME_SCALE,
  /** Where the sandbox's simulator listens; 0: a free port on the first start, kept in DATA_DIR after (issue 29). */
  SANDBOX_SIM_PORT: env.integer({ min: 0, max: 65_535, default: 0 }),
  LOG_LEVEL: env.oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const, 'info'),
  /** Optional here: unset, the keys and the admin token are generated once under DATA_DIR (local-secrets.ts). */
  JWT_KEYS: env.optionalString(),
  JWT_ACTIVE_KID: env.optionalString(),
  ADMIN_TOKEN: env.optionalString(),
  TOKEN_CACHE_MS: gatewayConfig.TOKEN_CACHE_MS,
  RATE_LIMIT_BURST: gatewayConfig.RATE_LIMIT_BURST,
  RATE_LIMIT_PER_SECOND: gatewayConfig.RATE_LIMIT_PER_SECOND,
  WATCH_RUNS_EVERY_MS: gatewayConfig.WATCH_RUNS_EVERY_MS,
};
