import { randomUUID } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import { silentLogger } from '@regapi/telemetry';
import { createTestDatabase, createTestVhost, type TestDatabase, type TestVhost, waitFor } from '@regapi/testkit';
import {
  BUS_SPAN_ATTRIBUTES,
  BUS_TRACER_NAME,
  type Bus,
  createInProcessBus,
  createOutboxRelay,
  createRabbitBus,
  enqueueMessage,
} from '../src';
import { installFakeTracing } from './support/fake-tracing';
import { outboxRows } from './support/outbox-queries';

const spans = installFakeTracing();
const logger = silentLogger();
let database: TestDatabase;
let vhost: TestVhost;

beforeAll(async () => {
  [database, vhost] = await Promise.all([createTestDatabase(), createTestVhost()]);
});

afterAll(async () => {
  await Promise.all([database.drop(), vhost.delete()]);
});

const adapters: Array<[string, () => Bus]> = [
  ['in-process', () => createInProcessBus({ logger })],
  ['RabbitMQ', () => createRabbitBus({ url: vhost.url, logger })],
];

test.each(adapters)('%s: one trace from the request that wrote the outbox row to the consumer', async (_, makeBus) => {
  const bus = makeBus();
  const relay = createOutboxRelay({ db: database, bus, logger, pollIntervalMs: 50 });
  try {
    await waitFor(() => bus.isReady());
    const seen: Array<{ traceId: string | undefined; spanId: string | undefined }> = [];
    await bus.consume('reconciler.events', async () => {
      const active = trace.getActiveSpan()?.spanContext();
      seen.push({ traceId: active?.traceId, spanId: active?.spanId });
    });
    await relay.start();

    const routingKey = `reconciler.traced.${randomUUID().slice(0, 8)}`;
    const request = await trace.getTracer('test').startActiveSpan('POST /v1/consultas', async (span) => {
      const message = await enqueueMessage(database.db, { routingKey, payload: { n: 1 } });
      span.end();
      return { message, context: span.spanContext() };
    });
    expect(request.message.headers.traceparent).toBe(`00-${request.context.traceId}-${request.context.spanId}-01`);
    await waitFor(() => seen.length === 1, { what: 'the consumer' });
    await waitFor(async () => (await outboxRows(database)).length === 0);

    const producer = spans.find(
      (s) => s.kind === SpanKind.PRODUCER && s.attributes[BUS_SPAN_ATTRIBUTES.routingKey] === routingKey,
    );
    const consumer = spans.find(
      (s) => s.kind === SpanKind.CONSUMER && s.attributes[BUS_SPAN_ATTRIBUTES.routingKey] === routingKey,
    );
    expect(producer).toMatchObject({
      tracer: BUS_TRACER_NAME,
      traceId: request.context.traceId,
      parentSpanId: request.context.spanId,
      attributes: { [BUS_SPAN_ATTRIBUTES.messageId]: request.message.id },
      ended: true,
    });
    expect(consumer).toMatchObject({
      tracer: BUS_TRACER_NAME,
      traceId: request.context.traceId,
      parentSpanId: producer?.spanId,
      attributes: {
        [BUS_SPAN_ATTRIBUTES.messageId]: request.message.id,
        [BUS_SPAN_ATTRIBUTES.destination]: 'reconciler.events',
      },
      ended: true,
    });
    // The handler runs inside the consumer span, so its logs and its own spans join the trace.
    expect(seen[0]).toEqual({ traceId: request.context.traceId, spanId: consumer?.spanId });
  } finally {
    await relay.stop();
    await bus.close();
  }
});
