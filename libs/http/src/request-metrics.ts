import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformMetrics } from '@regapi/telemetry';
import type { Request } from 'express';

/** The methods OpenTelemetry's HTTP conventions name; any other is `_OTHER`, so a client's verbs cannot grow labels. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

export function methodLabel(method: string | undefined): string {
  return method !== undefined && KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/**
 * The template of the express route that took the request (`/v1/consultas/:protocolo`), never the path: a path holds
 * protocolos. Read when the answer is done; express leaves `req.route` set. `undefined` when no route matched (a 404,
 * or a guard mounted with `use` refused first): the conventions then leave `http.route` out.
 */
export function expressRouteOf(req: IncomingMessage): string | undefined {
  const { route, baseUrl } = req as Partial<Pick<Request, 'route' | 'baseUrl'>>;
  const path: unknown = route?.path;
  return typeof path === 'string' ? `${baseUrl ?? ''}${path}` : undefined;
}

/** Records `http.server.request.duration` when the answer is done or the connection dropped. */
export function observeRequest(
  metrics: Pick<PlatformMetrics, 'httpRequest'>,
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: () => string | undefined,
): void {
  const started = performance.now();
  res.once('close', () => {
    metrics.httpRequest(routeOf(), methodLabel(req.method), res.statusCode, (performance.now() - started) / 1000);
  });
}
