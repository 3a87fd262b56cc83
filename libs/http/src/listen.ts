import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTrustedProxies } from './client-address';
import { answerClientError } from './client-error';
import type { HttpApp } from './create-app';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './server-limits';

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  /** Stops accepting, lets requests in flight finish, and cuts what is left after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Node checks the headers and request timeouts on a timer (30 s by default, which would let a 1 s timeout run to
 * 30 s): a quarter of the shorter one, between 10 ms and 1 s.
 */
function checkingIntervalOf(limits: ServerLimits): number {
  const shorter = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.min(1000, Math.max(10, Math.floor(shorter / 4)));
}

/**
 * Serves `app` on `host:port` within `limits` (docs/decisions/0053; default: the HTTP_* variables' defaults, see
 * server-limits.ts): no client holds a connection longer than its timeouts, nor more than `maxConnections` at once.
 */
export function listen(
  app: HttpApp,
  port: number,
  host = '127.0.0.1',
  limits: ServerLimits = DEFAULT_SERVER_LIMITS,
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: checkingIntervalOf(limits),
      },
      (req, res) => {
        setTrustedProxies(req, limits.trustedProxies);
        app(req, res);
      },
    );
    server.maxConnections = limits.maxConnections;
    // With no 'timeout' listener, node destroys the socket that stayed idle this long.
    server.timeout = limits.idleTimeoutMs;
    server.on('clientError', answerClientError);
    server.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: actual,
        url: `http://${host}:${actual}`,
        close: (graceMs = 5000) =>
          new Promise<void>((done) => {
            const force = setTimeout(() => server.closeAllConnections(), graceMs);
            force.unref();
            server.close(() => {
              clearTimeout(force);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
