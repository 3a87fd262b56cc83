import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the receiver does with the next request: answer a status, or hang (a timeout for the sender). */
export type ReceiverBehaviour = { readonly status: number; readonly body?: string } | 'hang';

/** A real local HTTP server standing in for a customer's endpoint: records requests, answers as told. */
export interface TestReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** Behaviours for the next requests, in order; when empty, 200. */
  readonly plan: ReceiverBehaviour[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const plan: ReceiverBehaviour[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const behaviour = plan.shift() ?? { status: 200, body: 'ok' };
      if (behaviour === 'hang') {
        const end = (): void => {
          response.destroy();
        };
        hanging.add(end);
        return;
      }
      response.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end(behaviour.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    plan,
    close: async () => {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
