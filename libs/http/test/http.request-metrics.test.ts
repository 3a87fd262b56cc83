import { createHttpApp, type DirectRoute, HttpError, listen, type RunningServer, sendEnvelope } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { waitFor } from '@regapi/testkit';
import { Router } from 'express';

// Issue 13: every request is recorded as `http.server.request.duration` by route TEMPLATE, method and status; a path
// (which holds protocolos and account ids) never becomes a label.

interface Recorded {
  readonly route: string | undefined;
  readonly method: string;
  readonly status: number;
  readonly seconds: number;
}

let server: RunningServer;
const recorded: Recorded[] = [];
const metrics = {
  httpRequest: (route: string | undefined, method: string, status: number, seconds: number) => {
    recorded.push({ route, method, status, seconds });
  },
};

const directPoll: DirectRoute = {
  method: 'GET',
  route: '/v1/consultas/:protocolo',
  match: (path) =>
    /^\/v1\/consultas\/([A-Z0-9]+)$/
      .exec(path)
      ?.slice(1, 2)
      .map((protocolo) => ({ protocolo }))[0],
  handle: async (_req, res, params) => {
    if (params.protocolo === 'MISSING') throw new HttpError(404, 'Protocolo não encontrado.');
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok' });
  },
};

beforeAll(async () => {
  const api = Router();
  api.get('/admin/v1/accounts/:accountId', (_req, res) => sendEnvelope(res, 200, { code: 200, codeMessage: 'ok' }));
  api.post('/v1/consultas/:fonte', () => {
    throw new HttpError(422, 'Campo inválido.');
  });
  server = await listen(
    createHttpApp({ logger: silentLogger(), routers: [api], directRoutes: [directPoll], metrics }),
    0,
  );
});

afterAll(() => server.close());

beforeEach(() => {
  recorded.length = 0;
});

/** One request, and what was recorded for it once its answer is done. */
async function recordOf(path: string, init: RequestInit = {}): Promise<Recorded> {
  const response = await fetch(`${server.url}${path}`, init);
  await response.arrayBuffer();
  return waitFor(async () => recorded[0], { timeoutMs: 2000, what: `the record of ${path}` });
}

test('an express route is labelled by its template, never by the path that holds the account id', async () => {
  const sentAt = performance.now();
  const record = await recordOf('/admin/v1/accounts/0f7c1e9a-1111-4222-8333-444455556666');
  const roundTripSeconds = (performance.now() - sentAt) / 1000;
  expect(record).toEqual(
    expect.objectContaining({ route: '/admin/v1/accounts/:accountId', method: 'GET', status: 200 }),
  );
  expect(record.seconds).toBeGreaterThan(0);
  // In seconds, and no longer than the client saw the whole exchange take: a unit slip (ms as s) fails, load cannot.
  expect(record.seconds).toBeLessThanOrEqual(roundTripSeconds);
});

test('a direct route is labelled by its template, errors with their status', async () => {
  expect(await recordOf('/v1/consultas/PPB20261126ABCDEF')).toEqual(
    expect.objectContaining({ route: '/v1/consultas/:protocolo', method: 'GET', status: 200 }),
  );
  recorded.length = 0;
  expect(await recordOf('/v1/consultas/MISSING')).toEqual(
    expect.objectContaining({ route: '/v1/consultas/:protocolo', status: 404 }),
  );
});

test('a refused request keeps its route and status', async () => {
  expect(await recordOf('/v1/consultas/certidao-inteiro-teor', { method: 'POST' })).toEqual(
    expect.objectContaining({ route: '/v1/consultas/:fonte', method: 'POST', status: 422 }),
  );
});

test('a path no route takes has no route label; an unknown method is _OTHER', async () => {
  expect(await recordOf('/v1/123.456.789-00/segredo')).toEqual(
    expect.objectContaining({ route: undefined, method: 'GET', status: 404 }),
  );
  recorded.length = 0;
  expect(await recordOf('/v1/consultas/X', { method: 'PURGE' })).toEqual(
    expect.objectContaining({ route: undefined, method: '_OTHER' }),
  );
});
