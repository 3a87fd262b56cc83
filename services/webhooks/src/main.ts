// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { runServiceProcess } from '@regapi/runtime';
import { webhooksProcessConfig } from './config';
import { telemetry } from './instrument';
import { createWebhooks } from './service';

runServiceProcess({
  name: 'webhooks',
  config: webhooksProcessConfig,
  telemetry,
  create: (deps, config) =>
    createWebhooks({
      ...deps,
      pollMs: config.WEBHOOKS_POLL_MS,
      ambiente: config.WEBHOOKS_AMBIENTE,
      outbound: {
        allowPrivateAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
        allowHttp: config.WEBHOOKS_ALLOW_HTTP,
        connectTimeoutMs: config.WEBHOOKS_CONNECT_TIMEOUT_MS,
        totalTimeoutMs: config.WEBHOOKS_TOTAL_TIMEOUT_MS,
      },
    }),
}).catch((error: unknown) => {
  process.stderr.write(`webhooks: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
