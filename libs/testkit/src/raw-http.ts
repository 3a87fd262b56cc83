import { connect, type Socket } from 'node:net';

/** What a server sent on one connection, up to the moment it closed it. */
export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RawConnection {
  readonly socket: Socket;
  /** Writes bytes as they are: a request line, headers, part of a body. */
  send(text: string): void;
  /** Resolves once the SERVER closes the connection, with its first answer parsed. */
  readonly closed: Promise<RawAnswer>;
}

function parse(raw: string): RawAnswer {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: split === -1 ? '' : raw.slice(split + 4) };
}

/**
 * A connection to `url`'s host and port written byte by byte, for the clients fetch cannot be: one that sends half a
 * body and stops, or never finishes its headers (issue 12 item 6). The test waits on `closed`: a server that never
 * cuts such a client makes the test time out.
 */
export function openRawConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<RawAnswer>((done) => {
      socket.on('close', () => done(parse(Buffer.concat(chunks).toString('utf8'))));
    });
    // A reset after the answer (the server closed with bytes still coming) is still a close.
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, send: (text) => socket.write(text), closed }));
    socket.once('error', reject);
  });
}
