// A bare import first: instrumentation must wrap express, pg and amqplib before they load; sorting never moves it.
import './instrument';
import { systemClock } from '@regapi/calendar';
import { createHttpOriginPortal } from '@regapi/origin';
import { runServiceProcess } from '@regapi/runtime';
import { originSessionProcessConfig } from './config';
import { telemetry } from './instrument';
import { createOriginSession } from './service';

runServiceProcess({
  name: 'origin-session',
  config: originSessionProcessConfig,
  telemetry,
  create: (deps, config) =>
    createOriginSession({
      ...deps,
      portal: createHttpOriginPortal({
        baseUrl: config.ORIGIN_URL,
        username: config.ORIGIN_USERNAME,
        password: config.ORIGIN_PASSWORD,
      }),
      clock: systemClock,
      settings: {
        account: config.ORIGIN_USERNAME,
        hourlySearchCeiling: config.HOURLY_SEARCH_CEILING,
        idleSearchReserve: config.IDLE_SEARCH_RESERVE,
        forecastFromOrigin: config.CERTIFICATE_FORECAST_FROM_ORIGIN,
        outageTakesProductOut: config.OUTAGE_TAKES_PRODUCT_OUT,
        originTimeScale: config.ORIGIN_TIME_SCALE,
      },
    }),
}).catch((error: unknown) => {
  process.stderr.write(`origin-session: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
