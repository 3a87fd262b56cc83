import { randomUUID } from 'node:crypto';
import type { Logger } from '@regapi/telemetry';
import type { NextFunction, Request, Response } from 'express';

/** Per-request values, kept on `res.locals` so every later middleware and handler finds them. */
export interface RequestContext {
  readonly requestId: string;
  readonly logger: Logger;
}

/** Gives every request a fresh UUID (spec 2.1 `header.request_id`) and a logger bound to it. */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    const context: RequestContext = { requestId, logger: logger.child({ request_id: requestId }) };
    res.locals.context = context;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      context.logger.info({ method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
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
