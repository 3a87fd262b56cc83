import { ConfigError } from '@regapi/config';
import {
  clientAddress,
  clientAddressKey,
  type HttpApp,
  listen,
  loadServerLimits,
  type RunningServer,
} from '@regapi/http';

// Decision 0075: behind a load balancer the client is named by X-Forwarded-For, believed only from trusted peers.

/** A server answering with what it takes the client to be, under the given HTTP_TRUSTED_PROXIES. */
async function reporter(trusted: string): Promise<RunningServer> {
  const app: HttpApp = (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ address: clientAddress(req), key: clientAddressKey(req) }));
  };
  return listen(app, 0, '127.0.0.1', loadServerLimits({ HTTP_TRUSTED_PROXIES: trusted }));
}

async function seenAs(server: RunningServer, forwardedFor?: string): Promise<{ address: string; key: string }> {
  const answer = await fetch(
    server.url,
    forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } },
  );
  return (await answer.json()) as { address: string; key: string };
}

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

test('by default no header is believed: the client is the connection peer', async () => {
  const server = await reporter('');
  servers.push(server);
  expect(await seenAs(server)).toEqual({ address: '127.0.0.1', key: '127.0.0.1' });
  expect(await seenAs(server, '203.0.113.9')).toEqual({ address: '127.0.0.1', key: '127.0.0.1' });
});

test('a trusted peer names the client; an address the client wrote itself stays to the left and is not believed', async () => {
  const server = await reporter('127.0.0.0/8, 10.0.0.0/8');
  servers.push(server);
  expect((await seenAs(server, '203.0.113.9')).address).toBe('203.0.113.9');
  // The client forged "198.51.100.1"; the trusted proxy 10.1.2.3 appended the real one after it.
  expect((await seenAs(server, '198.51.100.1, 203.0.113.9, 10.1.2.3')).address).toBe('203.0.113.9');
  expect((await seenAs(server, '2001:db8:1:2::7')).key).toBe('2001:db8:1:2::/64');
  expect((await seenAs(server)).address).toBe('127.0.0.1');
});

test('a peer outside the trusted networks is the client, whatever it forwards', async () => {
  const server = await reporter('10.0.0.0/8');
  servers.push(server);
  expect((await seenAs(server, '203.0.113.9')).address).toBe('127.0.0.1');
});

test.each(['not-an-address', '10.0.0.0/99', '10.0.0.0/8,,300.1.1.1'])(
  'HTTP_TRUSTED_PROXIES=%s is refused at start',
  (value) => {
    expect(() => loadServerLimits({ HTTP_TRUSTED_PROXIES: value })).toThrow(ConfigError);
    expect(() => loadServerLimits({ HTTP_TRUSTED_PROXIES: value })).toThrow('HTTP_TRUSTED_PROXIES');
  },
);
