import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './error-handler';
import type { RequestContextOpener } from './request-context';

export type DirectRouteParams = Readonly<Record<string, string>>;

/**
 * A route served before express (docs/decisions/0044): for the hottest reads, where express's own cost per request
 * was larger than the handler's. It gets the same request context and error envelope as an express route; guards
 * are the route's to pass (`passGuards`). A path it does not match is left to express, so an express route for the
 * same endpoint still answers every other spelling of it (a trailing slash, other letter case, %-escapes).
 */
export interface DirectRoute {
  readonly method: string;
  /** Its route template in express's syntax (`/v1/consultas/:protocolo`): what metrics label it by, never the path. */
  readonly route: string;
  /** The route's parameters when it serves `path` (the query string removed), else `undefined`. */
  match(path: string): DirectRouteParams | undefined;
  handle(req: IncomingMessage, res: ServerResponse, params: DirectRouteParams): Promise<void>;
}

/** Serves the request if one of `routes` matches it and returns that route; `undefined` leaves it to express. */
export function serveDirect(
  routes: readonly DirectRoute[],
  open: RequestContextOpener,
  req: IncomingMessage,
  res: ServerResponse,
): DirectRoute | undefined {
  let path: string | undefined;
  for (const route of routes) {
    if (route.method !== req.method) continue;
    // Only once a route takes the method: every request express serves passes here first.
    path ??= pathOf(req.url ?? '/');
    const params = route.match(path);
    if (params === undefined) continue;
    open(req, res);
    route.handle(req, res, params).catch((error: unknown) => sendError(res, error));
    return route;
  }
  return undefined;
}

function pathOf(url: string): string {
  const question = url.indexOf('?');
  return question === -1 ? url : url.slice(0, question);
}
