import { createServer } from 'node:http';
import { startWebhookReceiver } from '@regapi/testkit';
import { createAlertWebhook, silentLogger } from '../src';

// ALERT_WEBHOOK_URL's one sender (origin-session, reconciler, archive): a failure is counted and logged, never thrown
// into the work that raised the alert.

test('posts the alert as JSON; no URL, no post', async () => {
  const receiver = await startWebhookReceiver();
  try {
    await createAlertWebhook({ logger: silentLogger(), url: receiver.url }).post({ alert: 'x', order_id: 'o' });
    await createAlertWebhook({ logger: silentLogger() }).post({ alert: 'not sent' });
    expect(receiver.bodies).toEqual([{ alert: 'x', order_id: 'o' }]);
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
    await expect(refused.post({ alert: 'a' })).resolves.toBeUndefined();
    expect(refused.failures()).toBe(1);
    const erroring = createAlertWebhook({ logger: silentLogger(), url: `http://127.0.0.1:${port}/alerts` });
    await erroring.post({ alert: 'b' });
    expect(erroring.failures()).toBe(1);
    const slow = createAlertWebhook({ logger: silentLogger(), url: `http://127.0.0.1:${port}/slow`, timeoutMs: 200 });
    await slow.post({ alert: 'c' });
    expect(slow.failures()).toBe(1);
  } finally {
    failing.closeAllConnections();
    await new Promise((resolve) => failing.close(resolve));
  }
});
