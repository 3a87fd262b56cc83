import { createServer, type IncomingMessage } from 'node:http';

/** Span kinds as OTLP numbers them (one more than `SpanKind` of the API). */
export const OTLP_SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 } as const;

export type AttributeValue = string | number | boolean | undefined;

/** One received span, flattened: what a tracing test asserts on. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: number;
  /** `service.name` of the resource that sent it. */
  readonly serviceName: string | undefined;
  /** Instrumentation scope, e.g. `@opentelemetry/instrumentation-http`. */
  readonly scope: string;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
}

export interface OtlpReceiver {
  /** Base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT; spans arrive at `<url>/v1/traces`. */
  readonly url: string;
  spans(): readonly ReceivedSpan[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** OTLP/JSON `AnyValue`: only the scalar kinds, which is all our spans carry. */
function scalar(value: unknown): AttributeValue {
  if (!isObject(value)) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  // int64 travels as a string in OTLP/JSON (numbers above 2^53 would not survive JSON.parse).
  if (typeof value.intValue === 'number' || typeof value.intValue === 'string') return Number(value.intValue);
  return undefined;
}

function attributes(list: unknown): Record<string, AttributeValue> {
  return Object.fromEntries(objects(list).map((kv) => [text(kv.key) ?? '', scalar(kv.value)]));
}

/** Flattens an ExportTraceServiceRequest (OTLP/JSON: hex ids, camelCase fields). */
export function parseExportRequest(body: unknown): ReceivedSpan[] {
  if (!isObject(body)) throw new Error('an OTLP export request is a JSON object');
  return objects(body.resourceSpans).flatMap((resourceSpans) => {
    const resource = isObject(resourceSpans.resource) ? attributes(resourceSpans.resource.attributes) : {};
    const serviceName = typeof resource['service.name'] === 'string' ? resource['service.name'] : undefined;
    return objects(resourceSpans.scopeSpans).flatMap((scopeSpans) => {
      const scope = isObject(scopeSpans.scope) ? (text(scopeSpans.scope.name) ?? '') : '';
      return objects(scopeSpans.spans).map((span) => ({
        traceId: text(span.traceId) ?? '',
        spanId: text(span.spanId) ?? '',
        // The root span's parent is absent or empty depending on the encoder.
        parentSpanId: text(span.parentSpanId) || undefined,
        name: text(span.name) ?? '',
        kind: typeof span.kind === 'number' ? span.kind : 0,
        serviceName,
        scope,
        attributes: attributes(span.attributes),
      }));
    });
  });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A stand-in OTLP/HTTP collector on 127.0.0.1 that keeps the spans it is sent. JSON only: a protobuf export is refused
 * with 415, so a test notices when a process exports in a format nobody configured.
 */
export function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const reply = (status: number, body: string): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      reply(404, '{}');
      return;
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      reply(415, '{"message":"send OTLP/JSON"}');
      return;
    }
    readBody(request)
      .then((body) => {
        received.push(...parseExportRequest(JSON.parse(body)));
        reply(200, '{}');
      })
      .catch((error: unknown) => reply(400, JSON.stringify({ message: String(error) })));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        spans: () => received,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
