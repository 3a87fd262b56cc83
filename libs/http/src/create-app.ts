import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import express, { type Router } from 'express';
import { setAnswerHeaders } from './answer-headers';
import { type DirectRoute, serveDirect } from './direct-route';
import { errorHandler, notFoundHandler } from './error-handler';
import { DEFAULT_BODY_LIMIT, setBodyLimit } from './json-body';
import { type RequestContextOpener, requestContextOpener } from './request-context';
import { expressRouteOf, observeRequest } from './request-metrics';

export interface HttpAppOptions {
  logger: Logger;
  /** Routers mounted in order after the common middleware. */
  routers: readonly Router[];
  /** Routes served before express, tried in order (docs/decisions/0044). */
  directRoutes?: readonly DirectRoute[];
  /**
   * Largest JSON body `readJsonBody` accepts in this app. Default 32 KiB: the biggest valid request body is well
   * under 1 KiB.
   */
  bodyLimit?: string;
  /** Where each request's duration is recorded (`http.server.request.duration`); absent, nothing is. */
  metrics?: Pick<PlatformMetrics, 'httpRequest'>;
}

/** What node's HTTP server calls for each request. */
export type HttpApp = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The direct routes, then an express app; every answer, errors included, is the envelope with the headers of every
 * answer. No body is read here: a route that takes one mounts `readJsonBody` after its guards (docs/decisions/0052).
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const openContext = requestContextOpener(options.logger);
  const open: RequestContextOpener = (req, res) => {
    setAnswerHeaders(res);
    return openContext(req, res);
  };
  const app = express();
  // Whatever NODE_ENV says: express's own last-resort page never carries a stack (issue 12 item 5).
  app.set('env', 'production');
  app.disable('x-powered-by');
  app.set('etag', false);
  setBodyLimit(app, options.bodyLimit ?? DEFAULT_BODY_LIMIT);
  app.use((req, res, next) => {
    open(req, res);
    next();
  });
  for (const router of options.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  const directRoutes = options.directRoutes ?? [];
  const { metrics } = options;
  return (req, res) => {
    const direct = serveDirect(directRoutes, open, req, res);
    if (direct === undefined) app(req, res);
    if (metrics !== undefined) observeRequest(metrics, req, res, () => direct?.route ?? expressRouteOf(req));
  };
}
