import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * An HTTP relay in front of the API that cuts ONE answer on the way back, the transport failure a client must survive:
 * the request is forwarded whole (the server acts on it: an execution is accepted and debited), then the client's
 * connection is destroyed after `bodyBytes` bytes of the answer's body (-1: before any byte of the answer).
 */
export interface CuttingProxy {
  readonly url: string;
  /** Cuts the next answer to a request whose head contains `match` (e.g. `POST /v1/consultas/`). */
  cutNext(match: string, bodyBytes: number): void;
  /** How many answers were cut so far. */
  cuts(): number;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: URL): Promise<CuttingProxy> {
  let armed: { match: string; bodyBytes: number } | undefined;
  let cuts = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    let cutting: { bodyBytes: number; seen: Buffer } | undefined;
    client.on('data', (chunk: Buffer) => {
      if (armed !== undefined && chunk.toString('latin1').includes(armed.match)) {
        cutting = { bodyBytes: armed.bodyBytes, seen: Buffer.alloc(0) };
        armed = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutting === undefined) {
        client.write(chunk);
        return;
      }
      cutting.seen = Buffer.concat([cutting.seen, chunk]);
      const headEnd = cutting.seen.indexOf('\r\n\r\n');
      if (cutting.bodyBytes < 0) {
        cut();
        return;
      }
      if (headEnd < 0) return;
      const allowed = headEnd + 4 + cutting.bodyBytes;
      if (cutting.seen.length <= allowed) return;
      client.write(cutting.seen.subarray(0, allowed), () => cut());
    });
    const cut = (): void => {
      cuts += 1;
      cutting = undefined;
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cutNext(match, bodyBytes) {
      armed = { match, bodyBytes };
    },
    cuts: () => cuts,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
