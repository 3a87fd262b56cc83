import type { DiagLogger } from '@opentelemetry/api';
import type { Logger } from './logger';

/** pino serialises an Error only under `err`; inside `details` it would print as `{}`. */
function loggable(value: unknown): unknown {
  return value instanceof Error ? { type: value.name, message: value.message } : value;
}

/**
 * Sends the SDK's own diagnostics (an unreachable collector, a rejected export) to our log, which would otherwise
 * drop them silently.
 */
export function diagLoggerFor(logger: Logger): DiagLogger {
  const child = logger.child({ component: 'opentelemetry' });
  const at =
    (level: 'error' | 'warn' | 'info' | 'debug' | 'trace') =>
    (message: string, ...args: unknown[]): void => {
      if (args.length === 0) child[level](message);
      else child[level]({ details: args.map(loggable) }, message);
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), verbose: at('trace') };
}
