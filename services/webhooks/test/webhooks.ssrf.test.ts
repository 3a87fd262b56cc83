import { isPublicAddress, sendWebhook } from '../src';
import { DEFAULT_OUTBOUND_POLICY } from '../src/service';
import { startReceiver, type TestReceiver } from './support/receiver';

/** The sender refuses non-public destinations unless a setting allows them (docs/decisions/0095). */
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
});

const strict = { ...DEFAULT_OUTBOUND_POLICY, allowHttp: true, totalTimeoutMs: 2_000 };
const request = (url: string) => ({ url, headers: {}, body: '{}' });

test.each([
  ['loopback', () => receiver.url],
  ['a name resolving to loopback', () => receiver.url.replace('127.0.0.1', 'localhost')],
  ['a private network', () => 'http://10.1.2.3/hooks'],
  ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data'],
  ['IPv6 loopback', () => 'http://[::1]:9/hooks'],
  ['IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]:9/hooks'],
])('%s is refused before connecting', async (_what, url) => {
  const answer = await sendWebhook(request(url()), strict);
  expect(answer.statusCode).toBeNull();
  expect(answer.error).toMatch(/não público/);
  expect(receiver.received).toHaveLength(0);
});

test('allowed by the setting, the same loopback receiver is reached', async () => {
  const answer = await sendWebhook(request(receiver.url), { ...strict, allowPrivateAddresses: true });
  expect(answer.statusCode).toBe(200);
  expect(receiver.received).toHaveLength(1);
});

test('http is refused unless allowed, and a redirect is not followed', async () => {
  const allowed = { ...strict, allowPrivateAddresses: true };
  expect((await sendWebhook(request(receiver.url), { ...allowed, allowHttp: false })).error).toBe(
    'A URL deve começar com https:// (recebido http://).',
  );
  receiver.plan.push({ status: 302, body: 'moved' });
  const answer = await sendWebhook(request(receiver.url), allowed);
  expect(answer.statusCode).toBe(302);
});

test('the address ranges', () => {
  for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address)).toBe(true);
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ]) {
    expect(isPublicAddress(address)).toBe(false);
  }
});
