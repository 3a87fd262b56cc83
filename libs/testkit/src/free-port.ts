import { createServer, type Server } from 'node:net';

function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it), for processes a test starts. */
export async function freePort(): Promise<number> {
  const server = await listenOn(0);
  if (server === undefined) throw new Error('no free port on 127.0.0.1');
  const address = server.address();
  await close(server);
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/**
 * Where consecutive ranges are drawn: below Linux's ephemeral range (32768–60999), so the outgoing connections of the
 * very processes that will listen there (to PostgreSQL, RabbitMQ...) are never given one of these ports as their
 * local port between the check and the listen — which an OS-picked base, inside the ephemeral range, allows.
 */
const RANGE_FLOOR = 20_000;
const RANGE_CEILING = 32_767;

/**
 * `size` consecutive ports, every one free right now (each is bound once to make sure): for a runner that puts its
 * services on PORT_BASE + index. Checking only the first would let a busy neighbour make a service fail to listen.
 */
export async function freePortRange(size: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = RANGE_FLOOR + Math.floor(Math.random() * (RANGE_CEILING - RANGE_FLOOR - size));
    const held = await Promise.all(Array.from({ length: size }, (_, index) => listenOn(base + index)));
    await Promise.all(held.map((server) => (server === undefined ? undefined : close(server))));
    if (held.every((server) => server !== undefined)) return base;
  }
  throw new Error(`no ${size} consecutive free ports on 127.0.0.1 between ${RANGE_FLOOR} and ${RANGE_CEILING}`);
}
