import { randomUUID } from 'node:crypto';
import type { Logger } from '@regapi/telemetry';
import type { NextFunction, Request, Response } from 'express';

/** Per-request values, kept on `res.locals` so every later middleware and handler finds them. */
export interface RequestContext {
  readonly requestId: string;
  /** Bound to the request id; made on first use (most requests log nothing but their access line). */
  readonly logger: Logger;
}

/**
 * Gives every request a fresh UUID (spec 2.1 `header.request_id`) and a logger bound to it, and logs one access line
 * when it is answered, if the logger takes info lines at all (a silent logger costs nothing per request).
 */
export function requestContext(logger: Logger) {
  const accessLog = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    let bound: Logger | undefined;
    const context: RequestContext = {
      requestId,
      get logger() {
        bound ??= logger.child({ request_id: requestId });
        return bound;
      },
    };
    res.locals.context = context;
    res.setHeader('X-Request-Id', requestId);
    if (accessLog) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.info(
          { request_id: requestId, method: req.method, path: req.path, status: res.statusCode, ms },
          'request',
        );
      });
    }
    next();
  };
}

export function contextOf(res: Response): RequestContext {
  const context: unknown = res.locals.context;
  if (typeof context !== 'object' || context === null || !('requestId' in context)) {
    throw new Error('requestContext middleware is not installed');
  }
  return context as RequestContext;
}
