import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server (RabbitMQ, PostgreSQL) that a test can cut and restore: the way to make a
 * broker unreachable for the processes under test without stopping it for every other test file. `cut` closes every
 * relayed connection and stops listening (new connections are refused); `restore` listens again on the same port.
 * `blackhole` keeps every connection open on both sides but relays nothing more, not even a close: each side's
 * writes are accepted and never answered, as across a partition. (TCP keepalives are still answered by this process's
 * kernel, so a server's keepalives do not see the loss: a network namespace shows that, not this.)
 */
export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

function listenOn(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

export interface TcpProxyOptions {
  /** The address it listens on. Default 127.0.0.1; a namespace's link address makes it a door into that namespace. */
  readonly listenHost?: string;
}

export async function createTcpProxy(
  target: { readonly host: string; readonly port: number },
  options: TcpProxyOptions = {},
): Promise<TcpProxy> {
  const listenHost = options.listenHost ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const pairs = new Set<{ readonly client: Socket; readonly upstream: Socket }>();
  let silent = false;
  const relay = (client: Socket): void => {
    if (silent) {
      // A new connection into the black hole: accepted, never answered.
      client.on('error', () => undefined);
      client.pause();
      sockets.add(client);
      return;
    }
    const upstream = createConnection(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        pairs.delete(pair);
      });
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => {
      if (!silent) upstream.destroy();
    });
    upstream.on('close', () => {
      if (!silent) client.destroy();
    });
  };
  let server = createServer(relay);
  const port = await listenOn(server, listenHost, 0);
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
    });
  return {
    port,
    cut: stop,
    blackhole() {
      silent = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (server.listening) return;
      server = createServer(relay);
      await listenOn(server, listenHost, port);
    },
    close: stop,
  };
}
