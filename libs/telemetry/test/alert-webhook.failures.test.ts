import { createServer } from 'node:http';
import { startWebhookReceiver } from '@regapi/testkit';
import { createAlertWebhook, createLogger, silentLogger } from '../src';

// ALERT_WEBHOOK_URL's one sender (origin-session, reconciler, archive): a failure is counted and logged, never thrown
// into the work that raised the alert.

test('an alert is an error log line with its fields and message, and a JSON post; no URL, no post', async () => {
  const receiver = await startWebhookReceiver();
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    service: 'test',
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  try {
    await createAlertWebhook({ logger, url: receiver.url }).raise({ alert: 'x', order_id: 'o' }, 'ALERT: x');
    await createAlertWebhook({ logger }).raise({ alert: 'not sent' }, 'ALERT: not sent');
    expect(receiver.bodies).toEqual([{ alert: 'x', order_id: 'o' }]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', alert: 'x', order_id: 'o', msg: 'ALERT: x' }),
      expect.objectContaining({ level: 'error', alert: 'not sent', msg: 'ALERT: not sent' }),
    ]);
  } finally {
    await receiver.close();
  }
});

test('a refused connection, a 500 and a timeout are counted, never thrown', async () => {
  const failing = createServer((req, res) => {
    if (req.url === '/slow') return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  const address = failing.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  try {
    const refused = createAlertWebhook({ logger: silentLogger(), url: 'http://127.0.0.1:9/alerts' });
    await expect(refused.raise({ alert: 'a' }, 'ALERT: a')).resolves.toBeUndefined();
    expect(refused.failures()).toBe(1);
    const erroring = createAlertWebhook({ logger: silentLogger(), url: `http://127.0.0.1:${port}/alerts` });
    await erroring.raise({ alert: 'b' }, 'ALERT: b');
    expect(erroring.failures()).toBe(1);
    const slow = createAlertWebhook({ logger: silentLogger(), url: `http://127.0.0.1:${port}/slow`, timeoutMs: 200 });
    await slow.raise({ alert: 'c' }, 'ALERT: c');
    expect(slow.failures()).toBe(1);
  } finally {
    failing.closeAllConnections();
    await new Promise((resolve) => failing.close(resolve));
  }
});
