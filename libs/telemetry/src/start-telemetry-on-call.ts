import type { Telemetry, TelemetryOptions } from './start-telemetry';

/**
 * Starts the process's telemetry (./start-telemetry), loading the OpenTelemetry SDK, its exporters and
 * instrumentations only now: a process calls this once, first thing, while every test file and tool that imports the
 * library for its logger or metrics paid some 0.1–0.2 s to load an SDK it never starts (docs/decisions/0180).
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  const started = require('./start-telemetry') as typeof import('./start-telemetry');
  return started.startTelemetry(options);
}
