import { env } from '@regapi/config';
import { HOURLY_SEARCH_CEILING_SETTING, IDLE_SEARCH_RESERVE_SETTING } from '@regapi/orders';
import { serviceProcessConfig } from '@regapi/runtime';

/** Variables of origin-session beyond the common ones (README, Configuration). */
export const originSessionConfig = {
  /** Root of the origin portal (the simulator in every environment we can reach). */
  ORIGIN_URL: env.url(['http:', 'https:'], 'http://127.0.0.1:8090'),
  /** The platform's ONE origin account (contract 1.7). */
  ORIGIN_USERNAME: env.string('regapi'),
  /** A secret: no default. */
  ORIGIN_PASSWORD: env.string(),
  /** Contract 8: preliminary searches per rolling hour, the real limit of the account. */
  HOURLY_SEARCH_CEILING: env.integer(HOURLY_SEARCH_CEILING_SETTING),
  /**
   * Searches of that ceiling kept for interactive orders: watch runs (idle work) start a search only while fewer than
   * the ceiling minus this started in the rolling hour (decisions 0152, 0163). Below the ceiling; checked at start.
   */
  IDLE_SEARCH_RESERVE: env.integer(IDLE_SEARCH_RESERVE_SETTING),
  /**
   * The sandbox's origin-session only (decision 0099): a certificate's forecast is the origin's own (its punctual
   * simulator's), not the contract 2.6 business-hours term. Never set it against the real origin.
   */
  CERTIFICATE_FORECAST_FROM_ORIGIN: env.boolean(false),
  /**
   * Contract 7.5: an origin 602/603 about the service takes the product out of service. `false` in the sandbox only
   * (decision 0099): its integrators' fault tests must not stop the product for the others.
   */
  OUTAGE_TAKES_PRODUCT_OUT: env.boolean(true),
  /**
   * The origin's maximum times (contract 8) as a fraction of the contract's: 1 against the real origin; the simulator's
   * SIM_TIME_SCALE where one stands in. An order in doubt waits that long before the origin's silence counts
   * (docs/decisions/0110). Never anything but 1 against the real origin.
   */
  ORIGIN_TIME_SCALE: env.number({ min: 0.0001, max: 100, default: 1 }),
};

/** Everything the origin-session process reads: main.ts runs it, the Kubernetes drift test checks its Deployment. */
export const originSessionProcessConfig = serviceProcessConfig(
  { port: 8081, internalPort: 9081, metricsPort: 9181 },
  originSessionConfig,
);

/** What a composition root that starts the origin itself (standalone) still reads: no URL, no credentials. */
export const originSessionLocalConfig = {
  HOURLY_SEARCH_CEILING: originSessionConfig.HOURLY_SEARCH_CEILING,
};
