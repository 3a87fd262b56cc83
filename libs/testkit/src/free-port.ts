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

/**
 * Where the ports a test hands to the processes it starts are drawn: below Linux's ephemeral range (32768–60999), so
 * no outgoing connection (of those very processes, or of anything else running, to PostgreSQL, RabbitMQ...) is given
 * one of them as its local port between the check and the child's listen — which an OS-picked port, inside the
 * ephemeral range, allows (seen: a console that could not listen, with two jest workers; decision 0119).
 */
const RANGE_FLOOR = 20_000;
const RANGE_CEILING = 32_767;
/** The range is cut into this many slices, one per jest worker, so two workers never draw the same port. */
const SLICES = 4;

function sliceOfThisProcess(): { readonly floor: number; readonly size: number } {
  const size = Math.floor((RANGE_CEILING - RANGE_FLOOR + 1) / SLICES);
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const index = (Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % SLICES;
  return { floor: RANGE_FLOOR + index * size, size };
}

const slice = sliceOfThisProcess();
/**
 * The next port this process hands out: ports are drawn in order through its slice (from a random start, wrapping),
 * never twice in a row of calls, so ports handed out but not yet listened on are never handed out again — a random
 * draw would repeat one within a file now and then.
 */
let cursor = Math.floor(Math.random() * slice.size);

function takeFrom(count: number): number {
  if (cursor + count > slice.size) cursor = 0;
  const base = slice.floor + cursor;
  cursor += count;
  return base;
}

/**
 * `size` consecutive ports, every one free right now (each is bound once to make sure): for a runner that puts its
 * services on PORT_BASE + index. Checking only the first would let a busy neighbour make a service fail to listen.
 */
export async function freePortRange(size: number): Promise<number> {
  const tries = Math.ceil(slice.size / size);
  for (let attempt = 0; attempt < tries; attempt++) {
    const base = takeFrom(size);
    const held = await Promise.all(Array.from({ length: size }, (_, index) => listenOn(base + index)));
    await Promise.all(held.map((server) => (server === undefined ? undefined : close(server))));
    if (held.every((server) => server !== undefined)) return base;
  }
  throw new Error(`no ${size} consecutive free ports on 127.0.0.1 in ${slice.floor}–${slice.floor + slice.size - 1}`);
}

/** A TCP port free on 127.0.0.1 right now, for a process a test starts (drawn like `freePortRange`). */
export function freePort(): Promise<number> {
  return freePortRange(1);
}
