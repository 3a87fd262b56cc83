import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@regapi/telemetry';

/** Per-request values, found from the response by every later middleware, guard and handler (`contextOf`). */
export interface RequestContext {
  readonly requestId: string;
  /** Bound to the request id; made on first use (most requests log nothing but their access line). */
  readonly logger: Logger;
}

// Keyed by node's response object, not express's `res.locals`: a direct route (docs/decisions/0044) has no express.
const contexts = new WeakMap<ServerResponse, RequestContext>();

/** Opens the context of a request: see `requestContextOpener`. */
export type RequestContextOpener = (req: IncomingMessage, res: ServerResponse) => RequestContext;

/**
 * Opened by createHttpApp first thing for every request: a fresh UUID (contract 2.1 `header.request_id`, echoed in
 * `X-Request-Id`), a logger bound to it, and one access line when the request is answered, if the logger takes info
 * lines at all (a silent logger costs nothing per request).
 */
export function requestContextOpener(logger: Logger): RequestContextOpener {
  const accessLog = logger.isLevelEnabled('info');
  return (req, res) => {
    const requestId = randomUUID();
    let bound: Logger | undefined;
    const context: RequestContext = {
      requestId,
      get logger() {
        bound ??= logger.child({ request_id: requestId });
        return bound;
      },
    };
    contexts.set(res, context);
    res.setHeader('X-Request-Id', requestId);
    if (accessLog) {
      // Read now: express rewrites `req.url` while it routes into a mounted router.
      const url = req.url ?? '/';
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const path = url.split('?', 1)[0];
        logger.info({ request_id: requestId, method: req.method, path, status: res.statusCode, ms }, 'request');
      });
    }
    return context;
  };
}

export function contextOf(res: ServerResponse): RequestContext {
  const context = contexts.get(res);
  if (context === undefined) throw new Error('no request context: the request did not come through createHttpApp');
  return context;
}
