/**
 * architecture rule 10, end to end: one trace from an HTTP request, through the outbox and RabbitMQ, to a consumer
 * in another process. The producer and the consumer are child processes (instrumentation does not work inside jest's
 * module loader) exporting OTLP/JSON to a receiver in this test.
 */
import {
  createTestDatabase,
  createTestVhost,
  type Spawned,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { type LogLine, logLinesOf } from './support/log-lines';
import { OTLP_SPAN_KIND, type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './support/otlp-receiver';
import { spawnFixture } from './support/spawn-fixture';
import { stopChild } from './support/stop-child';

jest.setTimeout(60_000);

const SCOPE = {
  http: '@opentelemetry/instrumentation-http',
  express: '@opentelemetry/instrumentation-express',
  pg: '@opentelemetry/instrumentation-pg',
  bus: '@regapi/bus',
} as const;

/** What one request produced, gathered once; the tests below only read it. */
interface Run {
  readonly traceId: string;
  readonly messageId: string;
  /** Every span of the trace, from both processes. */
  readonly spans: readonly ReceivedSpan[];
  readonly producerLines: readonly LogLine[];
  readonly consumerLines: readonly LogLine[];
  readonly exits: { readonly producer: number | string; readonly consumer: number | string };
}

let receiver: OtlpReceiver | undefined;
let database: TestDatabase | undefined;
let vhost: TestVhost | undefined;
const children: Spawned[] = [];
let run: Run;

/** Walks up parent links within `spans`, from `span` to the first span whose parent is not among them. */
function ancestry(span: ReceivedSpan, spans: readonly ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain = [span];
  for (
    let parent = byId.get(span.parentSpanId ?? '');
    parent !== undefined;
    parent = byId.get(parent.parentSpanId ?? '')
  ) {
    chain.push(parent);
  }
  return chain;
}

function only(spans: readonly ReceivedSpan[], what: string, match: (span: ReceivedSpan) => boolean): ReceivedSpan {
  const found = spans.filter(match);
  if (found.length !== 1) throw new Error(`expected one ${what}, found ${found.length}`);
  const [span] = found;
  if (span === undefined) throw new Error(`no ${what}`);
  return span;
}

const isServerSpan = (span: ReceivedSpan): boolean =>
  span.serviceName === 'trace-producer' && span.scope === SCOPE.http && span.kind === OTLP_SPAN_KIND.SERVER;
const isConsumerSpan = (span: ReceivedSpan): boolean =>
  span.serviceName === 'trace-consumer' && span.scope === SCOPE.bus && span.kind === OTLP_SPAN_KIND.CONSUMER;

async function postOrder(url: string): Promise<{ traceId: string; messageId: string }> {
  const response = await fetch(`${url}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ protocolo: 'P-TRACE-1' }),
  });
  const body: unknown = await response.json();
  if (
    response.status !== 202 ||
    typeof body !== 'object' ||
    body === null ||
    !('trace_id' in body) ||
    typeof body.trace_id !== 'string' ||
    !('message_id' in body) ||
    typeof body.message_id !== 'string'
  ) {
    throw new Error(`POST /orders answered ${response.status} ${JSON.stringify(body)}`);
  }
  return { traceId: body.trace_id, messageId: body.message_id };
}

async function produceAndConsume(producer: Spawned, consumer: Spawned): Promise<Run> {
  await consumer.waitForOutput(/"msg":"consumer ready"/);
  const [, url = ''] = await producer.waitForOutput(/"url":"(http:\/\/[^"]+)".*"msg":"producer listening"/);
  const { traceId, messageId } = await postOrder(url);
  await consumer.waitForOutput(new RegExp(`"message_id":"${messageId}".*"msg":"message handled"`), 20_000);
  // Spans arrive in batches from two processes; done once the consumer's span leads back to the HTTP request.
  const spans = await waitFor(
    () => {
      const trace = receiver?.spans().filter((span) => span.traceId === traceId) ?? [];
      const complete = trace.filter(isConsumerSpan).some((span) => ancestry(span, trace).some(isServerSpan));
      return complete ? trace : undefined;
    },
    { timeoutMs: 20_000, what: `the spans of trace ${traceId} from both processes` },
  );
  const [producerExit, consumerExit] = await Promise.all([stopChild(producer), stopChild(consumer)]);
  return {
    traceId,
    messageId,
    spans,
    producerLines: logLinesOf(producer.output()),
    consumerLines: logLinesOf(consumer.output()),
    exits: { producer: producerExit, consumer: consumerExit },
  };
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  database = await createTestDatabase();
  vhost = await createTestVhost();
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Export within 100 ms instead of 5 s, so the test waits for spans, not for the batch timer.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    DATABASE_URL: database.url,
    AMQP_URL: vhost.url,
  };
  const consumer = spawnFixture('trace-consumer', { ...env, OTEL_SERVICE_NAME: 'trace-consumer' });
  children.push(consumer);
  const producer = spawnFixture('trace-producer', { ...env, OTEL_SERVICE_NAME: 'trace-producer' });
  children.push(producer);
  try {
    run = await produceAndConsume(producer, consumer);
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- producer ---\n${producer.output()}\n--- consumer ---\n${consumer.output()}`);
  }
});

afterAll(async () => {
  await Promise.all(children.map((child) => stopChild(child)));
  await receiver?.close();
  await database?.drop();
  await vhost?.delete();
});

test('the request runs under a trace whose root is the HTTP server span of POST /orders', () => {
  const server = only(run.spans, 'HTTP server span', isServerSpan);
  expect(server.parentSpanId).toBeUndefined();
  expect(server.attributes).toMatchObject({ 'http.route': '/orders' });
  expect(run.traceId).toMatch(/^[0-9a-f]{32}$/);
});

test('the express handler and the outbox INSERT inside it are spans of that trace in the producer', () => {
  const handler = only(
    run.spans,
    'express request handler span',
    (span) => span.scope === SCOPE.express && span.attributes['express.type'] === 'request_handler',
  );
  expect(handler).toMatchObject({ serviceName: 'trace-producer', attributes: { 'http.route': '/orders' } });
  const insert = only(
    run.spans,
    'outbox INSERT span',
    (span) => span.scope === SCOPE.pg && /^insert into "outbox"/i.test(String(span.attributes['db.query.text'])),
  );
  expect(ancestry(insert, run.spans)).toContain(handler);
  expect(ancestry(handler, run.spans).at(-1)).toBe(only(run.spans, 'HTTP server span', isServerSpan));
});

test('the outbox relay publishes the message in a PRODUCER span of the same trace', () => {
  const publish = only(
    run.spans,
    'bus publish span',
    (span) =>
      span.serviceName === 'trace-producer' && span.scope === SCOPE.bus && span.kind === OTLP_SPAN_KIND.PRODUCER,
  );
  expect(publish.attributes).toMatchObject({ 'messaging.message.id': run.messageId });
  expect(ancestry(publish, run.spans).some(isServerSpan)).toBe(true);
});

test('the consumer in the other process continues the trace below the publish and the HTTP request', () => {
  const consumer = only(run.spans, 'bus consumer span', isConsumerSpan);
  expect(consumer.attributes).toMatchObject({ 'messaging.message.id': run.messageId });
  const chain = ancestry(consumer, run.spans);
  expect(chain.some((span) => span.serviceName === 'trace-producer' && span.kind === OTLP_SPAN_KIND.PRODUCER)).toBe(
    true,
  );
  expect(chain.at(-1)).toBe(only(run.spans, 'HTTP server span', isServerSpan));
});

test("the consumer's log line for the message carries the request's trace_id", () => {
  const handled = run.consumerLines.find((line) => line.msg === 'message handled' && line.message_id === run.messageId);
  expect(handled).toMatchObject({ service: 'trace-consumer', trace_id: run.traceId });
});

test("the producer's log lines for the request carry its trace_id and request_id", () => {
  const accepted = run.producerLines.find((line) => line.msg === 'order accepted');
  expect(accepted).toMatchObject({ trace_id: run.traceId, request_id: expect.any(String) });
  const request = run.producerLines.find((line) => line.msg === 'request' && line.path === '/orders');
  expect(request).toMatchObject({ trace_id: run.traceId, request_id: accepted?.request_id });
});

test('both processes stop on SIGTERM, flushing telemetry, with exit code 0', () => {
  expect(run.exits).toEqual({ producer: 0, consumer: 0 });
});
