import { type Context, context, isSpanContextValid, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';

/** Trace fields as they appear on log lines (snake_case, like every other field of ours). */
export interface TraceFields {
  trace_id?: string;
  span_id?: string;
}

/** `trace_id` and `span_id` of the active span, or nothing when no valid span is active. */
export function traceFields(): TraceFields {
  const span = trace.getActiveSpan();
  if (span === undefined) return {};
  const spanContext = span.spanContext();
  // An extracted-but-invalid parent or the API's no-op span carries all-zero ids: logging those would join unrelated
  // lines under one fake trace.
  if (!isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The trace id of the active span (32 hex digits), or undefined outside any valid span. */
export function currentTraceId(): string | undefined {
  return traceFields().trace_id;
}

/**
 * The W3C trace context (`traceparent`, plus `tracestate` when there is one) of `from` as plain headers, for carriers
 * the instrumentations do not cover. Empty when there is no valid span in `from`.
 */
export function injectTraceHeaders(from: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(from, headers);
  return headers;
}

/** Headers as they come from node's http (`string[]` for repeated ones) or from a message (plain strings). */
export type HeaderCarrier = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The context a remote caller sent in `headers`, on top of `base`. The default base is the root context, not the active
 * one: work done for a message belongs to the sender's trace, never to whatever loop happened to receive it.
 */
export function extractTraceContext(headers: HeaderCarrier, base: Context = ROOT_CONTEXT): Context {
  return propagation.extract(base, headers);
}
