import type { Logger } from '@regapi/telemetry';
import express, { type Express, type Router } from 'express';
import { errorHandler, notFoundHandler } from './error-handler';
import { requestContext } from './request-context';

export interface HttpAppOptions {
  logger: Logger;
  /** Routers mounted in order after the common middleware. */
  routers: readonly Router[];
  /** Largest accepted JSON body. Default 32 KiB: the biggest valid request body is well under 1 KiB. */
  bodyLimit?: string;
}

/** An express app whose every answer, errors included, is the envelope. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestContext(options.logger));
  app.use(express.json({ limit: options.bodyLimit ?? '32kb', strict: false, type: () => true }));
  for (const router of options.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
