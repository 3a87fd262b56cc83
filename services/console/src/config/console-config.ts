import { env } from '@regapi/config';
import { consoleMailConfig } from '@regapi/console-auth';
import { HOURLY_SEARCH_CEILING_SETTING } from '@regapi/orders';
import { serviceProcessConfig } from '@regapi/runtime';
import { jwtKeysConfig } from '@regapi/tokens';
import { DEFAULT_CONSOLE_DOCS_URL } from './docs-url';

/** The console's default ports: public 8085, internal 9085, metrics 9185 (docs/decisions/0080). */
export const CONSOLE_PORTS = { port: 8085, internalPort: 9085, metricsPort: 9185 } as const;

/**
 * Variables of the console beyond the common ones. No AMQP_URL: the console uses no bus. No switch for the cookies'
 * `Secure` flag: they are `__Host-` cookies, which browsers take only with it; browsers treat http://127.0.0.1 and
 * http://localhost as secure, and anywhere else the console is behind TLS (docs/decisions/0080).
 */
export const consoleConfig = {
  /** The same keys as the gateway (libs/tokens reads both): the console signs the tokens it issues with them. */
  ...jwtKeysConfig,
  /**
   * The gateway's public listener, which the console calls for quotes, executions, polling and documents
   * (docs/decisions/0073), e.g. `http://gateway:8080` in a cluster.
   */
  CONSOLE_API_URL: env.url(['http:', 'https:'], 'http://127.0.0.1:8080'),
  /** Contract 8: the origin's searches per rolling hour, the same value the gateway reads (the status page's wait). */
  HOURLY_SEARCH_CEILING: env.integer(HOURLY_SEARCH_CEILING_SETTING),
  /** CONSOLE_PUBLIC_URL (links), SMTP_URL, SMTP_FROM, CONSOLE_TOTP_KEY (docs/decisions/0082, 0083). */
  ...consoleMailConfig,
  /**
   * The sandbox's database, as the gateway reads it (docs/decisions/0099): with it the console has its test mode
   * (docs/decisions/0146); unset, the switch answers that the installation has no sandbox.
   */
  SANDBOX_DATABASE_URL: env.optionalUrl(['postgres:', 'postgresql:']),
  /** The public API documentation the home page's first steps link to: an https URL (docs/decisions/0156). */
  CONSOLE_DOCS_URL: env.url(['https:'], DEFAULT_CONSOLE_DOCS_URL),
  /** Accept `http:` webhook URLs on the Webhooks page: tests and local runs only (docs/decisions/0095). */
  WEBHOOKS_ALLOW_HTTP: env.boolean(false),
};

/** Everything the console process reads: main.ts runs it, the Kubernetes drift test checks its Deployment. */
export const consoleProcessConfig = serviceProcessConfig(CONSOLE_PORTS, consoleConfig, { broker: false });
