import { AsyncLocalStorage } from 'node:async_hooks';
import { type Context, type ContextManager, context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * The smallest context manager that makes `startActiveSpan`/`context.with` visible to code called inside them, which
 * is all the logger mixin and the helpers need. The SDK's own one lives in a package this library does not depend on.
 */
class AsyncLocalStorageContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(_ctx: Context, _target: T): T {
    throw new Error('context.bind is not used by these tests');
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

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
