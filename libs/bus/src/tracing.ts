import { type Context, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { IncomingMessage, OutgoingMessage } from './bus';
import { coerceError } from './coerce-error';

/** Tracer of every span the bus starts (architecture rule 10: one trace from the HTTP request to the consumer). */
export const BUS_TRACER_NAME = '@regapi/bus';

/** Attribute names on the bus's spans (OpenTelemetry messaging conventions). */
export const BUS_SPAN_ATTRIBUTES = Object.freeze({
  routingKey: 'messaging.rabbitmq.destination.routing_key',
  messageId: 'messaging.message.id',
  destination: 'messaging.destination.name',
  operation: 'messaging.operation.type',
  redelivered: 'messaging.rabbitmq.message.redelivered',
});

/** W3C trace context (`traceparent`, `tracestate`) of `ctx` as message headers. Empty when no SDK is registered. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/**
 * Runs `publish` inside a PRODUCER span parented on the trace context stored with the message (the request that
 * wrote the outbox row), and hands it the message with THIS span's context in its headers, so the consumer's span
 * hangs under the publish.
 */
export function inProducerSpan<T>(
  message: OutgoingMessage,
  publish: (message: OutgoingMessage) => Promise<T>,
): Promise<T> {
  const parent = propagation.extract(context.active(), message.headers);
  return trace.getTracer(BUS_TRACER_NAME).startActiveSpan(
    `${message.routingKey} publish`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        [BUS_SPAN_ATTRIBUTES.routingKey]: message.routingKey,
        [BUS_SPAN_ATTRIBUTES.messageId]: message.id,
        [BUS_SPAN_ATTRIBUTES.operation]: 'send',
      },
    },
    parent,
    (span) => ended(span, () => publish({ ...message, headers: { ...message.headers, ...traceHeaders() } })),
  );
}

/** Runs a handler inside a CONSUMER span parented on the trace context the message carries. */
export function inConsumerSpan<T>(message: IncomingMessage, handle: () => Promise<T>): Promise<T> {
  const parent = propagation.extract(context.active(), message.headers);
  return trace.getTracer(BUS_TRACER_NAME).startActiveSpan(
    `${message.queue} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        [BUS_SPAN_ATTRIBUTES.routingKey]: message.routingKey,
        [BUS_SPAN_ATTRIBUTES.messageId]: message.id,
        [BUS_SPAN_ATTRIBUTES.destination]: message.queue,
        [BUS_SPAN_ATTRIBUTES.operation]: 'process',
        [BUS_SPAN_ATTRIBUTES.redelivered]: message.redelivered,
      },
    },
    parent,
    (span) => ended(span, handle),
  );
}

async function ended<T>(span: Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    const error = coerceError(thrown);
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    throw thrown;
  } finally {
    span.end();
  }
}
