import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { AsyncLocalStorageContextManager } from '@regapi/testkit';

export interface InMemoryTracing {
  readonly exporter: InMemorySpanExporter;
  /** Unregisters the globals so the next test file's module registry starts clean. */
  stop(): Promise<void>;
}

/**
 * A real tracer provider whose finished spans land in memory, with an async-local context manager and the W3C
 * propagator registered globally: manual spans behave inside jest exactly as in a service.
 */
export function startInMemoryTracing(): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return {
    exporter,
    stop: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
