import { trace } from '@opentelemetry/api';
import pino from 'pino';

export type Logger = pino.Logger;
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

export interface LoggerOptions {
  service: string;
  level?: LogLevel;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

/**
 * JSON lines with `service`, and `trace_id`/`span_id` of the active span on every line. `request_id` is bound by
 * the HTTP layer (`logger.child({ request_id })`) and by consumers from the message they handle.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const span = trace.getActiveSpan();
        if (span === undefined) return {};
        const { traceId, spanId } = span.spanContext();
        return { trace_id: traceId, span_id: spanId };
      },
    },
    options.destination ?? pino.destination({ sync: false }),
  );
}

/** A logger that drops everything, for tests and tools that must stay quiet. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
