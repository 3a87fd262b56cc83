import { env } from '@regapi/config';
import { AMBIENTES } from '@regapi/contracts';
import { serviceProcessConfig } from '@regapi/runtime';

/** Variables of the webhooks service beyond the common ones (docs/decisions/0094, 0095). */
export const webhooksConfig = {
  /**
   * The environment this service's deliveries are in, the `ambiente` of every body (decision 0140): `teste` in the
   * sandbox (decision 0099), `producao` otherwise.
   */
  WEBHOOKS_AMBIENTE: env.oneOf(AMBIENTES, 'producao'),
  /**
   * Send to private, loopback and link-local addresses: tests and local runs only. Default false. A local endpoint
   * (http://localhost...) needs this AND WEBHOOKS_ALLOW_HTTP (decision 0141).
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: env.boolean(false),
  /** Accept `http:` endpoints: tests and local runs only. Default false. See WEBHOOKS_ALLOW_PRIVATE_ADDRESSES. */
  WEBHOOKS_ALLOW_HTTP: env.boolean(false),
  WEBHOOKS_CONNECT_TIMEOUT_MS: env.integer({ min: 100, max: 30_000, default: 3_000 }),
  WEBHOOKS_TOTAL_TIMEOUT_MS: env.integer({ min: 100, max: 60_000, default: 10_000 }),
  /** How often due deliveries are looked for. */
  WEBHOOKS_POLL_MS: env.integer({ min: 50, max: 60_000, default: 1_000 }),
};

/** Everything the webhooks process reads: the next ports after the console's (docs/decisions/0080). */
export const webhooksProcessConfig = serviceProcessConfig(
  { port: 8086, internalPort: 9086, metricsPort: 9186 },
  webhooksConfig,
);
