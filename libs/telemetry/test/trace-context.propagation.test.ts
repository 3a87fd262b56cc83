import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { currentTraceId, extractTraceContext, injectTraceHeaders, TRACER_NAME, withSpan } from '../src';
import { type InMemoryTracing, startInMemoryTracing } from './support/in-memory-tracing';

let tracing: InMemoryTracing;
beforeAll(() => {
  tracing = startInMemoryTracing();
});
afterEach(() => tracing.exporter.reset());
afterAll(() => tracing.stop());

test('injectTraceHeaders gives the W3C traceparent of the active span, and nothing outside spans', async () => {
  expect(injectTraceHeaders()).toEqual({});
  const { headers, ids } = await withSpan('send', {}, (span) => ({
    headers: injectTraceHeaders(),
    ids: span.spanContext(),
  }));
  expect(headers).toEqual({ traceparent: `00-${ids.traceId}-${ids.spanId}-01` });
});

test('a span started under extractTraceContext(headers) joins the sender trace as its child', async () => {
  const sent = await withSpan('producer', {}, () => ({ headers: injectTraceHeaders(), traceId: currentTraceId() }));
  await withSpan('consumer', {}, async () => undefined, {
    kind: SpanKind.CONSUMER,
    parent: extractTraceContext(sent.headers),
  });
  const producer = tracing.exporter.getFinishedSpans().find((span) => span.name === 'producer');
  const consumer = tracing.exporter.getFinishedSpans().find((span) => span.name === 'consumer');
  expect(consumer?.spanContext().traceId).toBe(sent.traceId);
  expect(consumer?.parentSpanContext?.spanId).toBe(producer?.spanContext().spanId);
  expect(consumer?.kind).toBe(SpanKind.CONSUMER);
});

test('extractTraceContext reads node http headers, where a repeated header is an array', () => {
  const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
  const extracted = extractTraceContext({ traceparent: [traceparent], host: 'x', 'content-length': undefined });
  expect(trace.getSpanContext(extracted)).toMatchObject({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    isRemote: true,
  });
});

test('extractTraceContext starts from the root context, not from the span that happens to be active', async () => {
  const extracted = await withSpan('poll-loop', {}, () => extractTraceContext({}));
  expect(trace.getSpan(extracted)).toBeUndefined();
  expect(extracted).toBe(ROOT_CONTEXT);
});

test('a malformed traceparent is ignored rather than trusted', () => {
  expect(trace.getSpan(extractTraceContext({ traceparent: '00-zz-yy-01' }))).toBeUndefined();
});

test('currentTraceId is the active span trace id, undefined outside spans', async () => {
  expect(currentTraceId()).toBeUndefined();
  const [inside, traceId] = await withSpan('x', {}, (span) => [currentTraceId(), span.spanContext().traceId]);
  expect(inside).toBe(traceId);
  expect(context.active()).toBe(ROOT_CONTEXT);
});

test('withSpan returns what fn returns, ends the span and keeps its attributes and kind', async () => {
  const result = await withSpan('outbox.relay publish', { 'messaging.destination.name': 'q' }, async () => 42, {
    kind: SpanKind.PRODUCER,
  });
  expect(result).toBe(42);
  const [span] = tracing.exporter.getFinishedSpans();
  expect(span?.name).toBe('outbox.relay publish');
  expect(span?.kind).toBe(SpanKind.PRODUCER);
  expect(span?.attributes).toEqual({ 'messaging.destination.name': 'q' });
  expect(span?.instrumentationScope.name).toBe(TRACER_NAME);
  expect(span?.ended).toBe(true);
});

test('withSpan nests: a span started inside another is its child in the same trace', async () => {
  await withSpan('outer', {}, () => withSpan('inner', {}, () => undefined));
  const spans = tracing.exporter.getFinishedSpans();
  const outer = spans.find((span) => span.name === 'outer');
  const inner = spans.find((span) => span.name === 'inner');
  expect(inner?.spanContext().traceId).toBe(outer?.spanContext().traceId);
  expect(inner?.parentSpanContext?.spanId).toBe(outer?.spanContext().spanId);
});

test('withSpan marks a failure on the span and rethrows the same error', async () => {
  const failure = new Error('broker unreachable');
  await expect(
    withSpan('publish', {}, () => {
      throw failure;
    }),
  ).rejects.toBe(failure);
  const [span] = tracing.exporter.getFinishedSpans();
  expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'broker unreachable' });
  expect(span?.events.map((event) => event.name)).toEqual(['exception']);
  expect(span?.ended).toBe(true);
});
