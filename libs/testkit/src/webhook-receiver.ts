import { createServer, type Server } from 'node:http';

/** A local stand-in for ALERT_WEBHOOK_URL: records every JSON body POSTed to it, in order. */
export interface WebhookReceiver {
  readonly url: string;
  readonly bodies: unknown[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const bodies: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/alerts`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
