import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '@regapi/config';
import type { HttpApp } from '@regapi/http';

/**
 * The variables of a process's metrics listener (docs/decisions/0062): a port of its own, so Prometheus (and a
 * NetworkPolicy) reach the metrics without reaching the public API or the internal one's admin routes.
 */
export function metricsListenerConfig(defaultPort: number) {
  return { METRICS_PORT: env.port(defaultPort), METRICS_HOST: env.string('127.0.0.1') };
}

/** `GET /metrics` (and HEAD) answered by `serve`; anything else a plain 404: this listener serves nothing more. */
export function metricsApp(serve: (req: IncomingMessage, res: ServerResponse) => void): HttpApp {
  return (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) {
      serve(req, res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only GET /metrics is served here\n');
  };
}
