import { type Attributes, type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** Instrumentation scope of the spans this code base creates by hand. */
export const TRACER_NAME = 'regapi';

export interface WithSpanOptions {
  /** Default INTERNAL. */
  kind?: SpanKind;
  /** Parent context; default the active one (e.g. `extractTraceContext(message.headers)` for a consumer). */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span and ends the span when `fn` settles. A throw marks the span as an error (status and
 * exception event) and is rethrown unchanged: the span records failures, it never handles them.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T> | T,
  options: WithSpanOptions = {},
): Promise<T> {
  const tracer = trace.getTracer(TRACER_NAME);
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      span.recordException(error instanceof Error ? error : message);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      throw error;
    } finally {
      span.end();
    }
  });
}
