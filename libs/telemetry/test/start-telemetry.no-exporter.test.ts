import { propagation } from '@opentelemetry/api';
import { createLogger, currentTraceId, injectTraceHeaders, startTelemetry, type Telemetry, withSpan } from '../src';
import { captureLines } from './support/log-lines';

// Telemetry is process-wide and started once: this file is the process (jest gives each file its own globals).
const { destination, lines } = captureLines();
const logger = createLogger({ service: 'no-exporter-test', destination });
let telemetry: Telemetry;
beforeAll(() => {
  telemetry = startTelemetry({ serviceName: 'no-exporter-test', otlpEndpoint: undefined, logger });
});
afterAll(() => telemetry.shutdown());

test('without a collector spans still have real trace ids, on log lines and in outgoing headers', async () => {
  const seen = await withSpan('handle request', {}, () => {
    logger.info('handling');
    return { traceId: currentTraceId(), headers: injectTraceHeaders() };
  });
  expect(seen.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
  expect(seen.headers.traceparent).toMatch(new RegExp(`^00-${seen.traceId}-[0-9a-f]{16}-01$`));
  expect(lines.find((line) => line.msg === 'handling')?.trace_id).toBe(seen.traceId);
});

test('the propagator is W3C trace context', () => {
  expect(propagation.fields()).toEqual(['traceparent', 'tracestate']);
});

test('a second start returns the first handle and warns when it names another service', () => {
  expect(startTelemetry({ serviceName: 'no-exporter-test' })).toBe(telemetry);
  expect(startTelemetry({ serviceName: 'other', logger })).toBe(telemetry);
  expect(lines.find((line) => line.msg === 'telemetry already started; keeping the first service name')).toMatchObject({
    level: 'warn',
    service_name: 'no-exporter-test',
    ignored: 'other',
  });
});

test('shutdown can be called more than once', async () => {
  const first = telemetry.shutdown();
  expect(telemetry.shutdown()).toBe(first);
  await first;
});
