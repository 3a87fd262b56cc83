import { randomBytes } from 'node:crypto';
import {
  type Attributes,
  type Context,
  context,
  propagation,
  type Span,
  type SpanContext,
  SpanKind,
  type SpanOptions,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@regapi/testkit';

/**
 * Just enough of an OpenTelemetry SDK, on the API package alone, to see which spans the bus starts and how they
 * are parented: an AsyncLocalStorage context manager, a W3C `traceparent` propagator and a recording tracer.
 */
export interface RecordedSpan {
  readonly tracer: string;
  readonly name: string;
  readonly kind: SpanKind;
  readonly attributes: Attributes;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  ended: boolean;
}

class TraceparentPropagator implements TextMapPropagator {
  inject(ctx: Context, carrier: unknown, setter: TextMapSetter): void {
    const span = trace.getSpanContext(ctx);
    if (span === undefined) return;
    setter.set(carrier, 'traceparent', `00-${span.traceId}-${span.spanId}-01`);
  }
  extract(ctx: Context, carrier: unknown, getter: TextMapGetter): Context {
    const value = getter.get(carrier, 'traceparent');
    const match = typeof value === 'string' ? /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(value) : null;
    if (match?.[1] === undefined || match[2] === undefined) return ctx;
    return trace.setSpanContext(ctx, { traceId: match[1], spanId: match[2], traceFlags: 1, isRemote: true });
  }
  fields(): string[] {
    return ['traceparent'];
  }
}

class RecordingSpan implements Span {
  constructor(
    private readonly context: SpanContext,
    readonly record: RecordedSpan,
  ) {}
  spanContext(): SpanContext {
    return this.context;
  }
  setAttribute(key: string, value: Attributes[string]): this {
    if (value !== undefined) this.record.attributes[key] = value;
    return this;
  }
  setAttributes(attributes: Attributes): this {
    Object.assign(this.record.attributes, attributes);
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(): this {
    return this;
  }
  updateName(): this {
    return this;
  }
  end(): void {
    this.record.ended = true;
  }
  isRecording(): boolean {
    return !this.record.ended;
  }
  recordException(): void {}
}

class RecordingTracer implements Tracer {
  constructor(
    private readonly name: string,
    private readonly spans: RecordedSpan[],
  ) {}

  startSpan(name: string, options: SpanOptions = {}, ctx: Context = context.active()): Span {
    const parent = trace.getSpanContext(ctx);
    const spanContext: SpanContext = {
      traceId: parent?.traceId ?? randomBytes(16).toString('hex'),
      spanId: randomBytes(8).toString('hex'),
      traceFlags: 1,
    };
    const record: RecordedSpan = {
      tracer: this.name,
      name,
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: { ...options.attributes },
      traceId: spanContext.traceId,
      spanId: spanContext.spanId,
      parentSpanId: parent?.spanId,
      ended: false,
    };
    this.spans.push(record);
    return new RecordingSpan(spanContext, record);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    ctx: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    a: F | SpanOptions,
    b?: F | Context,
    c?: F,
  ): ReturnType<F> {
    const fn = typeof a === 'function' ? a : typeof b === 'function' ? b : c;
    const options = typeof a === 'function' ? {} : a;
    const parent = typeof b === 'object' ? b : context.active();
    if (fn === undefined) throw new Error('startActiveSpan without a function');
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), () => fn(span) as ReturnType<F>);
  }
}

/** Registers the fakes globally (jest gives each test file its own globals) and returns the recorded spans. */
export function installFakeTracing(): RecordedSpan[] {
  const spans: RecordedSpan[] = [];
  const provider: TracerProvider = { getTracer: (name) => new RecordingTracer(name, spans) };
  context.setGlobalContextManager(new AsyncLocalStorageContextManager());
  propagation.setGlobalPropagator(new TraceparentPropagator());
  trace.setGlobalTracerProvider(provider);
  return spans;
}
