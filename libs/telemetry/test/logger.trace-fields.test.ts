import { context, INVALID_SPAN_CONTEXT, trace } from '@opentelemetry/api';
import { createLogger, withRequestId } from '../src';
import { type InMemoryTracing, startInMemoryTracing } from './support/in-memory-tracing';
import { captureLines } from './support/log-lines';

let tracing: InMemoryTracing;
beforeAll(() => {
  tracing = startInMemoryTracing();
});
afterAll(() => tracing.stop());

const tracer = () => trace.getTracer('logger-test');

test('every line has service, level label, ISO time and message', () => {
  const { destination, lines } = captureLines();
  createLogger({ service: 'gateway', destination }).info({ order: 'P-1' }, 'accepted');
  expect(lines).toEqual([
    expect.objectContaining({ service: 'gateway', level: 'info', msg: 'accepted', order: 'P-1' }),
  ]);
  expect(new Date(String(lines[0]?.time)).toISOString()).toBe(lines[0]?.time);
});

test('a line written while a span is active carries its trace_id and span_id', () => {
  const { destination, lines } = captureLines();
  const logger = createLogger({ service: 'gateway', destination });
  const ids = tracer().startActiveSpan('work', (span) => {
    logger.info('inside');
    span.end();
    return span.spanContext();
  });
  expect(lines[0]).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
  expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
});

test('a line written outside any span has no trace fields', () => {
  const { destination, lines } = captureLines();
  createLogger({ service: 'gateway', destination }).info('outside');
  expect(lines[0]).not.toHaveProperty('trace_id');
  expect(lines[0]).not.toHaveProperty('span_id');
});

test('a logger made before the span still logs the trace active at each line, across awaits', async () => {
  const { destination, lines } = captureLines();
  const logger = createLogger({ service: 'billing', destination });
  const traceIds = await Promise.all(
    ['first', 'second'].map((name) =>
      tracer().startActiveSpan(name, async (span) => {
        await new Promise((resolve) => setImmediate(resolve));
        logger.info(name);
        span.end();
        return span.spanContext().traceId;
      }),
    ),
  );
  expect(new Set(traceIds).size).toBe(2);
  expect(lines.find((line) => line.msg === 'first')?.trace_id).toBe(traceIds[0]);
  expect(lines.find((line) => line.msg === 'second')?.trace_id).toBe(traceIds[1]);
});

test('withRequestId binds request_id to every line, and the trace fields still come from the active span', () => {
  const { destination, lines } = captureLines();
  const requestLogger = withRequestId(createLogger({ service: 'gateway', destination }), 'req-42');
  requestLogger.info('before');
  const traceId = tracer().startActiveSpan('request', (span) => {
    requestLogger.child({ step: 'debit' }).info('during');
    span.end();
    return span.spanContext().traceId;
  });
  expect(lines[0]).toMatchObject({ request_id: 'req-42', msg: 'before' });
  expect(lines[0]).not.toHaveProperty('trace_id');
  expect(lines[1]).toMatchObject({ request_id: 'req-42', step: 'debit', trace_id: traceId });
});

test('an invalid (all-zero) span context adds no trace fields', () => {
  const { destination, lines } = captureLines();
  const logger = createLogger({ service: 'gateway', destination });
  context.with(trace.setSpan(context.active(), trace.wrapSpanContext(INVALID_SPAN_CONTEXT)), () => logger.info('x'));
  expect(lines[0]).not.toHaveProperty('trace_id');
});

test('the trace fields appear once per line', () => {
  const chunks: string[] = [];
  const logger = createLogger({ service: 'gateway', destination: { write: (chunk: string) => chunks.push(chunk) } });
  tracer().startActiveSpan('once', (span) => {
    withRequestId(logger, 'r').info('x');
    span.end();
  });
  expect(chunks.join('').match(/"trace_id"/g)).toHaveLength(1);
});
