import pino from 'pino';
import { traceFields } from './trace-context';

export type Logger = pino.Logger;
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

export interface LoggerOptions {
  service: string;
  level?: LogLevel;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

/**
 * JSON lines with `service`, and `trace_id`/`span_id` of the active span on every line (architecture rule 10).
 * The trace fields come from a mixin, evaluated per line, so a logger made once at startup still logs the trace of
 * whatever request or message is being handled when it writes. `request_id` is a binding: see `withRequestId`.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: traceFields,
    },
    options.destination ?? pino.destination({ sync: false }),
  );
}

/**
 * The logger for one request or one message: every line it writes carries `request_id`. The HTTP layer binds the
 * request's own id; a consumer binds the id that came with the message, so one request's lines can be found across
 * services. Never bind `trace_id` the same way: the mixin adds it, and a bound copy would appear twice on a line.
 */
export function withRequestId(logger: Logger, requestId: string): Logger {
  return logger.child({ request_id: requestId });
}

/** A logger that drops everything, for tests and tools that must stay quiet. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
