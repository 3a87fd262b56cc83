import type { IncomingMessage, ServerResponse } from 'node:http';
import { DiagLogLevel, diag, metrics as metricsApi } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HostMetrics } from '@opentelemetry/host-metrics';
import { AggregationType } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { diagLoggerFor } from './diag-logger';
import { createInstrumentations } from './instrumentations';
import { instrumentedModulesLoaded } from './loaded-too-early';
import type { Logger } from './logger';
import { createPlatformMetrics, type PlatformMetrics } from './metrics/platform-metrics';

/** The meter of the platform's own instruments (`PlatformMetrics`). */
const METER_NAME = 'regapi';

export interface TelemetryOptions {
  /** `service.name` of every span. */
  serviceName: string;
  /**
   * Base URL of an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. `http://collector:4318`); spans are sent as
   * JSON to `<endpoint>/v1/traces`. Unset or empty: nothing is exported, but spans are still created, so trace ids
   * exist, propagate through HTTP and messages, and appear on log lines.
   */
  otlpEndpoint?: string | undefined;
  /** Receives the SDK's warnings and errors (export failures), and the "started too late" warning. Default: none. */
  logger?: Logger | undefined;
  /** Longest `shutdown()` waits for the last export. Default 3000 ms. */
  shutdownTimeoutMs?: number | undefined;
}

export interface Telemetry {
  /** The process's one recorder of platform metrics: pass it to every service as `deps.metrics`. */
  readonly metrics: PlatformMetrics;
  /**
   * Answers a request with every metric of this process in Prometheus's text format: the handler of the process's
   * metrics listener (METRICS_PORT, docs/decisions/0062), never of the public one.
   */
  serveMetrics(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Exports the spans still buffered and stops the SDK. Call it last on shutdown; later calls return the same promise.
   * Never rejects and never takes longer than `shutdownTimeoutMs`: with the collector down the exporter retries for
   * seconds, and losing the last spans is better than a process that misses its shutdown deadline or exits 1.
   */
  shutdown(): Promise<void>;
}

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 3000;

// The SDK registers process-wide globals (tracer provider, context manager, propagator, require hooks) that can be
// registered only once; this module-level handle is what makes a second call harmless instead of half-broken.
let started: { serviceName: string; telemetry: Telemetry } | undefined;

/**
 * Starts OpenTelemetry for this process: http, express, pg and amqplib instrumentation, W3C trace context, an
 * OTLP/HTTP JSON exporter when `otlpEndpoint` is set, and metrics read by Prometheus through `serveMetrics`: the
 * platform's own (`metrics`), the runtime's (event loop, heap, GC) and the process's (CPU, resident memory).
 *
 * It must run before express, pg or amqplib is loaded: instrumentation hooks `require`, and a module loaded earlier
 * is never patched. A service's entry point therefore starts with a side-effect import of its `instrument.ts`:
 *
 *     // instrument.ts
 *     export const telemetry = startTelemetry({ serviceName: 'gateway', otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT });
 *     // main.ts
 *     import './instrument';   // first line, a bare import: import sorting never moves code across it
 *     import { telemetry } from './instrument';
 *
 * (or preloads it: `node --require ./dist/instrument.js dist/main.js`). Idempotent: later calls return the first
 * handle, whatever their options.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  if (started !== undefined) {
    if (started.serviceName !== options.serviceName) {
      options.logger?.warn(
        { service_name: started.serviceName, ignored: options.serviceName },
        'telemetry already started; keeping the first service name',
      );
    }
    return started.telemetry;
  }
  if (options.logger !== undefined) {
    diag.setLogger(diagLoggerFor(options.logger), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  }
  warnIfTooLate(options.logger);
  // Scraped through our own listener (its port, its limits), so the exporter opens no server of its own.
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    instrumentations: createInstrumentations(),
    textMapPropagator: new W3CTraceContextPropagator(),
    spanProcessors: [spanProcessorFor(options.otlpEndpoint)],
    // Without this the SDK reads OTEL_* and by default ships logs to localhost:4318. Logs go to stdout (pino).
    logRecordProcessors: [],
    metricReaders: [prometheus],
    views: [
      // The http instrumentation's own request duration has no route for the direct routes (decision 0044) and
      // would duplicate ours (`http.server.request.duration`, recorded by libs/http): dropped.
      { meterName: '@opentelemetry/instrumentation-http', aggregation: { type: AggregationType.DROP } },
    ],
  });
  sdk.start();
  // CPU time and resident memory of the process; the machine's own figures are the node exporter's job.
  new HostMetrics({ name: 'host-metrics', metricGroups: ['process.cpu', 'process.memory'] }).start();
  let stopping: Promise<void> | undefined;
  const telemetry: Telemetry = {
    metrics: createPlatformMetrics(metricsApi.getMeter(METER_NAME)),
    serveMetrics: (req, res) => prometheus.getMetricsRequestHandler(req, res),
    shutdown: () => {
      stopping ??= boundedShutdown(sdk, options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS, options.logger);
      return stopping;
    },
  };
  started = { serviceName: options.serviceName, telemetry };
  return telemetry;
}

function spanProcessorFor(otlpEndpoint: string | undefined): SpanProcessor {
  const endpoint = otlpEndpoint?.trim() ?? '';
  // A tracer provider with a processor that drops finished spans: the cheapest way to have real trace ids (for logs
  // and propagation) with no collector. Without any processor the SDK registers no provider and ids are all zeros.
  if (endpoint === '') return new NoopSpanProcessor();
  // Batching keeps exports off the request path; OTEL_BSP_* (schedule delay, queue size) tune it.
  return new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }));
}

async function boundedShutdown(sdk: NodeSDK, timeoutMs: number, logger: Logger | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([sdk.shutdown().then(() => 'done' as const), timedOut]);
    if (outcome === 'timeout') logger?.warn({ timeout_ms: timeoutMs }, 'telemetry shutdown timed out; last spans lost');
  } catch (error: unknown) {
    logger?.warn({ err: error }, 'telemetry shutdown failed; last spans lost');
  } finally {
    clearTimeout(timer);
  }
}

function warnIfTooLate(logger: Logger | undefined): void {
  const early = instrumentedModulesLoaded();
  if (early.length === 0) return;
  const message = `telemetry started after ${early.join(', ')} loaded: they produce no spans; import instrument.ts first`;
  if (logger === undefined) process.emitWarning(message, 'TelemetryWarning');
  else logger.warn({ modules: early }, message);
}
