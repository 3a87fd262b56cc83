import {
  createHttpApp,
  type DirectRoute,
  HttpError,
  listen,
  passGuards,
  type RequestGuard,
  type RunningServer,
  readJsonBody,
  sendEnvelope,
} from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { Router } from 'express';

// Decision 0044: a direct route answers before express with the same request context, guards and error envelope; a
// request it does not match is express's.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let server: RunningServer;
const served: string[] = [];

/** Refuses a request without `X-Pass`, and marks the answers it let through. */
const passGuard: RequestGuard = {
  check(req, res) {
    if (req.headers['x-pass'] === undefined) throw new HttpError(401, 'Sem passe.', [], { 'WWW-Authenticate': 'Pass' });
    res.setHeader('X-Guarded', 'yes');
  },
};

const itemRoute: DirectRoute = {
  method: 'GET',
  route: '/items/:id',
  match(path) {
    const id = /^\/items\/([0-9]+)$/.exec(path)?.[1];
    return id === undefined ? undefined : { id };
  },
  async handle(req, res, params) {
    await passGuards([passGuard], req, res);
    served.push(`direct ${params.id}`);
    if (params.id === '500') throw new Error('database on fire');
    if (params.id === '404') throw new HttpError(404, 'Item não encontrado.');
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok', data: [{ id: params.id ?? null }] });
  },
};

beforeAll(async () => {
  const api = Router();
  api.get('/items/:id', (req, res) => {
    served.push(`express ${req.params.id}`);
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok', data: [{ id: String(req.params.id) }] });
  });
  api.post('/items/:id', readJsonBody, (req, res) => {
    served.push(`express post ${req.params.id}`);
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok', data: [{ got: JSON.stringify(req.body) }] });
  });
  server = await listen(createHttpApp({ logger: silentLogger(), routers: [api], directRoutes: [itemRoute] }), 0);
});

beforeEach(() => {
  served.length = 0;
});

afterAll(async () => {
  await server.close();
});

async function call(path: string, init: RequestInit = { headers: { 'x-pass': '1' } }) {
  const response = await fetch(`${server.url}${path}`, init);
  const body = (await response.json()) as {
    code: number;
    code_message: string;
    data: unknown[];
    header: Record<string, unknown>;
  };
  return { response, body };
}

test('a matching request is served by the direct route, with a request id and the guard passed', async () => {
  const { response, body } = await call('/items/7?verbose=1');
  expect(served).toEqual(['direct 7']);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(response.headers.get('x-guarded')).toBe('yes');
  expect(body.data).toEqual([{ id: '7' }]);
  expect(body.header.request_id).toMatch(UUID);
  expect(body.header.request_id).toBe(response.headers.get('x-request-id'));
});

test('another method or another spelling of the path is left to express', async () => {
  await call('/items/7/');
  await call('/items/%37');
  await call('/items/7', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
  expect(served).toEqual(['express 7', 'express 7', 'express post 7']);
});

test("a guard's refusal is the error envelope with the guard's headers, and the handler does not run", async () => {
  const { response, body } = await call('/items/7', {});
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe('Pass');
  expect(body.code).toBe(401);
  expect(body.code_message).toBe('Sem passe.');
  expect(body.header.request_id).toBe(response.headers.get('x-request-id'));
  expect(served).toEqual([]);
});

test('an HttpError is its envelope; an unexpected error is a 500 envelope that does not leak its message', async () => {
  const missing = await call('/items/404');
  expect(missing.response.status).toBe(404);
  expect(missing.body.code_message).toBe('Item não encontrado.');
  const broken = await call('/items/500');
  expect(broken.response.status).toBe(500);
  expect(broken.body.code).toBe(500);
  expect(broken.body.header.request_id).toMatch(UUID);
  expect(JSON.stringify(broken.body)).not.toContain('database on fire');
});
