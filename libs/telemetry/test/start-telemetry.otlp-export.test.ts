import { freePort } from '@regapi/testkit';
import { TRACER_NAME } from '../src';
import { OTLP_SPAN_KIND, type OtlpReceiver, startOtlpReceiver } from './support/otlp-receiver';
import { spawnFixture } from './support/spawn-fixture';

const PRINTED = /\{"traceId":"([0-9a-f]{32})","spanId":"([0-9a-f]{16})","shutdownMs":(\d+)\}/;

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

test('with an endpoint, shutdown flushes the buffered spans to <endpoint>/v1/traces as OTLP/JSON', async () => {
  // The fixture's spans wait in the batch (5 s by default) when it calls shutdown: only the flush can deliver them.
  // A trailing slash, as people write it in env files, must not produce `//v1/traces`.
  const child = spawnFixture('export-spans', { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/` });
  const [, traceId, spanId] = await child.waitForOutput(PRINTED, 20_000);
  expect(await child.exited).toBe(0);
  const spans = receiver.spans();
  expect(spans).toHaveLength(2);
  expect(spans.find((span) => span.name === 'settle order')).toEqual({
    traceId,
    spanId,
    parentSpanId: undefined,
    name: 'settle order',
    kind: OTLP_SPAN_KIND.INTERNAL,
    serviceName: 'export-test',
    scope: TRACER_NAME,
    attributes: { 'order.protocolo': 'P-7' },
  });
  expect(spans.find((span) => span.name === 'debit')).toMatchObject({
    traceId,
    parentSpanId: spanId,
    kind: OTLP_SPAN_KIND.CLIENT,
  });
});

test('with the collector unreachable, shutdown gives up after its timeout instead of failing the process', async () => {
  const nobodyListens = `http://127.0.0.1:${await freePort()}`;
  const child = spawnFixture('export-spans', {
    OTEL_EXPORTER_OTLP_ENDPOINT: nobodyListens,
    SHUTDOWN_TIMEOUT_MS: '300',
  });
  const [, , , shutdownMs] = await child.waitForOutput(PRINTED, 20_000);
  expect(await child.exited).toBe(0);
  expect(Number(shutdownMs)).toBeGreaterThanOrEqual(250);
  // Ended by its own timeout, not by the exporter's retries running out (seconds): the product's outcome, where a
  // bound on the wall time would be the machine's (decision 0120).
  const warnings = child
    .output()
    .split('\n')
    .filter((line) => line.includes('telemetry shutdown'));
  expect(warnings.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ msg: 'telemetry shutdown timed out; last spans lost', timeout_ms: 300 }),
  ]);
});
