// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { systemClock } from '@regapi/calendar';
import { runServiceProcess } from '@regapi/runtime';
import { reconcilerProcessConfig } from './config';
import { telemetry } from './instrument';
import { createReconciler } from './service';

runServiceProcess({
  name: 'reconciler',
  config: reconcilerProcessConfig,
  telemetry,
  create: (deps, config) =>
    createReconciler({
      ...deps,
      clock: systemClock,
      settings: {
        recordViewIntervalMs: config.RECONCILE_INTERVAL_MINUTES * 60_000,
        metricsSnapshotIntervalMs: config.METRICS_SNAPSHOT_INTERVAL_S * 1000,
        hourlySearchCeiling: config.HOURLY_SEARCH_CEILING,
      },
    }),
}).catch((error: unknown) => {
  process.stderr.write(`reconciler: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
