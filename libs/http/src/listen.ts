import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpApp } from './create-app';

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  readonly url: string;
  /** Stops accepting, lets requests in flight finish, and cuts what is left after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

export function listen(app: HttpApp, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createServer(app).listen(port, host);
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
