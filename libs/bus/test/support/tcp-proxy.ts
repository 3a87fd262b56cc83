import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Replaces host and port of `url` with the proxy's. */
  url(url: string): string;
  /** The broker "goes down": live connections are destroyed and new ones refused. */
  cut(): Promise<void>;
  /** The broker "comes back" on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder the test can cut and restore, so a client sees its broker vanish and return without the
 * machine's RabbitMQ being touched.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const created = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        const address = created.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });

  const stop = async (): Promise<void> => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current !== undefined) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  const port = await listen(0);
  return {
    port,
    url: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stop,
    restore: async () => {
      if (server === undefined) await listen(port);
    },
    close: stop,
  };
}
