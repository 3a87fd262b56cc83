import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@regapi/telemetry';
import express, { type Router } from 'express';
import { type DirectRoute, serveDirect } from './direct-route';
import { errorHandler, notFoundHandler } from './error-handler';
import { requestContextOpener } from './request-context';

export interface HttpAppOptions {
  logger: Logger;
  /** Routers mounted in order after the common middleware. */
  routers: readonly Router[];
  /** Routes served before express, tried in order (docs/decisions/0044). */
  directRoutes?: readonly DirectRoute[];
  /** Largest accepted JSON body. Default 32 KiB: the biggest valid request body is well under 1 KiB. */
  bodyLimit?: string;
}

/** What node's HTTP server calls for each request. */
export type HttpApp = (req: IncomingMessage, res: ServerResponse) => void;

/** The direct routes, then an express app; every answer, errors included, is the envelope. */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const openContext = requestContextOpener(options.logger);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res, next) => {
    openContext(req, res);
    next();
  });
  app.use(express.json({ limit: options.bodyLimit ?? '32kb', strict: false, type: () => true }));
  for (const router of options.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  const directRoutes = options.directRoutes ?? [];
  return (req, res) => {
    if (!serveDirect(directRoutes, openContext, req, res)) app(req, res);
  };
}
