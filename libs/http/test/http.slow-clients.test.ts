import {
  createHttpApp,
  DEFAULT_SERVER_LIMITS,
  guardMiddleware,
  HttpError,
  listen,
  type RequestGuard,
  type RunningServer,
  readJsonBody,
  sendEnvelope,
  serverLimitsOf,
} from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { openRawConnection, waitFor } from '@regapi/testkit';
import { Router } from 'express';

// Issue 12 item 6 (docs/decisions/0052, 0053): no client holds a connection past the timeouts, a body is read only
// after the route's guards, and a refusal before the body closes the connection instead of draining it.

const PASS = 'Bearer passe';
/** Production limits: what the refusals below meet. */
let server: RunningServer;
/** Small timeouts, so a cut comes in a fraction of a second rather than the defaults' tens of seconds. */
let tight: RunningServer;
let bodiesRead = 0;

const requirePass: RequestGuard = {
  check(req) {
    if (req.headers.authorization !== PASS) {
      throw new HttpError(401, 'Sem passe.', [], { 'WWW-Authenticate': 'Bearer realm="test"' });
    }
  },
};

beforeAll(async () => {
  const api = Router();
  api.post('/echo', guardMiddleware(requirePass), readJsonBody, (req, res) => {
    bodiesRead += 1;
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok', data: [{ got: JSON.stringify(req.body) }] });
  });
  const app = createHttpApp({ logger: silentLogger(), routers: [api] });
  server = await listen(app, 0);
  const limits = serverLimitsOf({
    HTTP_HEADERS_TIMEOUT_MS: 300,
    HTTP_REQUEST_TIMEOUT_MS: 500,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: 500,
    HTTP_IDLE_TIMEOUT_MS: 5_000,
    HTTP_MAX_CONNECTIONS: 100,
    HTTP_TRUSTED_PROXIES: '',
  });
  tight = await listen(app, 0, '127.0.0.1', limits);
});

afterAll(async () => {
  await Promise.all([server.close(100), tight.close(100)]);
});

const head = (lines: readonly string[]) => `${['POST /echo HTTP/1.1', 'Host: test', ...lines].join('\r\n')}\r\n\r\n`;

function expectEnvelopeOf(answer: { headers: Readonly<Record<string, string>>; body: string }, code: number): void {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toEqual(expect.objectContaining({ code, errors: expect.any(Array) }));
}

test('an authenticated client dripping its body is cut by the request timeout with a 408 envelope', async () => {
  const before = bodiesRead;
  const connection = await openRawConnection(tight.url);
  connection.send(head([`Authorization: ${PASS}`, 'Content-Type: application/json', 'Content-Length: 100']));
  connection.send('{"nome": "a');
  const answer = await connection.closed;
  expect(answer.status).toBe(408);
  expectEnvelopeOf(answer, 408);
  expect(bodiesRead).toBe(before);
});

test('a client that never finishes its headers is cut by the headers timeout with a 408 envelope', async () => {
  const connection = await openRawConnection(tight.url);
  connection.send('POST /echo HTTP/1.1\r\nHost: test\r\nAuthorization: Bea');
  const answer = await connection.closed;
  expect(answer.status).toBe(408);
  expectEnvelopeOf(answer, 408);
});

test('an unauthenticated huge body is refused with 401 at once, unread, and the connection closed', async () => {
  const connection = await openRawConnection(server.url);
  connection.send(head(['Content-Type: application/json', 'Content-Length: 50000000']));
  connection.send('{"nome": "');
  const answer = await connection.closed;
  expect(answer.status).toBe(401);
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['www-authenticate']).toBe('Bearer realm="test"');
  expectEnvelopeOf(answer, 401);
});

test('an unauthenticated malformed body is a 401, not a 422', async () => {
  const response = await fetch(`${server.url}/echo`, { method: 'POST', body: '{"nome": ', headers: {} });
  expect(response.status).toBe(401);
});

test('an authenticated oversized body is a 413 envelope, the connection closed rather than drained', async () => {
  const connection = await openRawConnection(server.url);
  connection.send(head([`Authorization: ${PASS}`, 'Content-Type: application/json', 'Content-Length: 50000000']));
  connection.send('{"nome": "');
  const answer = await connection.closed;
  expect(answer.status).toBe(413);
  expect(answer.headers.connection).toBe('close');
  expectEnvelopeOf(answer, 413);
});

function connectionsOf(running: RunningServer): Promise<number> {
  return new Promise((done, fail) =>
    running.server.getConnections((error, count) => (error ? fail(error) : done(count))),
  );
}

test('connections past the cap are closed on arrival; the server serves again once they are gone', async () => {
  // A server of its own, with timeouts long enough that only the cap can close a connection here.
  const api = Router();
  api.get('/ok', (_req, res) => sendEnvelope(res, 200, { code: 200, codeMessage: 'ok' }));
  const limits = { ...DEFAULT_SERVER_LIMITS, maxConnections: 3 };
  const capped = await listen(createHttpApp({ logger: silentLogger(), routers: [api] }), 0, '127.0.0.1', limits);
  try {
    const held = await Promise.all([1, 2, 3].map(() => openRawConnection(capped.url)));
    await waitFor(async () => (await connectionsOf(capped)) === 3, { what: 'three connections held' });
    const extra = await openRawConnection(capped.url);
    const refused = await extra.closed;
    expect(refused.status).toBe(0);
    for (const connection of held) connection.socket.destroy();
    // The server counts a connection gone on its own 'close': its count drops to none, then a client is served.
    await waitFor(async () => (await connectionsOf(capped)) === 0, { what: 'no connection left' });
    expect((await fetch(`${capped.url}/ok`)).status).toBe(200);
  } finally {
    await capped.close(100);
  }
});
