import { createServer } from 'node:http';

export interface MetricsTextServer {
  /** `127.0.0.1:<port>`, as a Prometheus scrape target. */
  readonly target: string;
  close(): Promise<void>;
}

/**
 * A scrape target for tests: GET /metrics answers `render()` in Prometheus's text exposition format, so a real
 * Prometheus can be fed known series without starting the services.
 */
export function serveMetricsText(render: () => string): Promise<MetricsTextServer> {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(render());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({
        target: `127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
