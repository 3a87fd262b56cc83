import type { IncomingMessage } from 'node:http';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';

/** The modules the instrumentations patch when they are loaded; `startTelemetry` must run before any of them is. */
export const INSTRUMENTED_MODULES = ['express', 'pg', 'amqplib'] as const;

/** Probes answer every few seconds per replica; a trace per probe would drown the traces of real requests. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

function isProbe(request: IncomingMessage): boolean {
  const path = (request.url ?? '').split('?', 1)[0] ?? '';
  return PROBE_PATHS.has(path);
}

/**
 * http (incoming and outgoing, W3C headers in and out), express (route and middleware spans), pg (a span per query)
 * and amqplib (publish and consume spans, trace context in message headers); the runtime's metrics (event-loop delay
 * and utilization, heap, GC).
 */
export function createInstrumentations() {
  return [
    new HttpInstrumentation({ ignoreIncomingRequestHook: isProbe }),
    new ExpressInstrumentation(),
    // Pollers (the outbox relay, `due_at` timers) query every few seconds outside any request; without a parent those
    // queries would each start a trace of one span. Queries made while handling a request or a message still show.
    new PgInstrumentation({ requireParentSpan: true }),
    new AmqplibInstrumentation(),
    new RuntimeNodeInstrumentation(),
  ];
}
