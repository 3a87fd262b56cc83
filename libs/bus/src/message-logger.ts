import type { Logger } from '@regapi/telemetry';
import type { IncomingMessage } from './bus';

/** Header carrying the id of the HTTP request that caused a message, so consumers' log lines cite it too. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A logger for handling `message`: its lines carry the message id, routing key and, when the message descends from
 * an HTTP request, that request's `request_id` (architecture rule 10; `trace_id` comes from the active span).
 */
export function loggerForMessage(logger: Logger, message: IncomingMessage): Logger {
  const requestId = message.headers[REQUEST_ID_HEADER];
  return logger.child({
    message_id: message.id,
    routing_key: message.routingKey,
    ...(requestId === undefined ? {} : { request_id: requestId }),
  });
}
