import { createHttpApp, HttpError, healthRouter, listen, type RunningServer, readJsonBody } from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { Router } from 'express';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let server: RunningServer;
let brokerUp = true;

beforeAll(async () => {
  const api = Router();
  api.post('/echo', readJsonBody, (req, res) => {
    res.json({ got: req.body as unknown });
  });
  api.get('/forbidden', () => {
    throw new HttpError(403, 'Token sem o escopo exigido.', [], { 'X-Required-Scope': 'consultas:x' });
  });
  api.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  api.get('/boom', async () => {
    throw new Error('database on fire');
  });
  const app = createHttpApp({
    logger: silentLogger(),
    bodyLimit: '1kb',
    routers: [healthRouter('test-service', { database: () => true, broker: () => brokerUp }), api],
  });
  server = await listen(app, 0);
});

afterAll(async () => {
  await server.close();
});

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${server.url}${path}`, init);
  const body = (await response.json()) as Record<string, unknown> & { header: Record<string, unknown> };
  return { response, body };
}

function expectEnvelope(body: Record<string, unknown>, code: number): void {
  expect(body).toEqual(
    expect.objectContaining({
      code,
      code_message: expect.any(String),
      data_count: expect.any(Number),
      data: expect.any(Array),
      errors: expect.any(Array),
      header: { billable: false, price: 0, api_version: 'v1', request_id: expect.stringMatching(UUID) },
    }),
  );
}

test('an unknown path is the 404 envelope, never an HTML page', async () => {
  const { response, body } = await call('/v1/nada');
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expectEnvelope(body, 404);
});

test('a path parameter with a malformed %-escape is a 400 envelope, not a 500', async () => {
  const { response, body } = await call('/items/%');
  expect(response.status).toBe(400);
  expectEnvelope(body, 400);
});

test('the request id in the header of the body is the one in X-Request-Id, and differs per request', async () => {
  const first = await call('/v1/nada');
  const second = await call('/v1/nada');
  expect(first.body.header.request_id).toBe(first.response.headers.get('x-request-id'));
  expect(first.body.header.request_id).not.toBe(second.body.header.request_id);
});

test('a malformed JSON body is a 422 naming the body', async () => {
  const { response, body } = await call('/echo', {
    method: 'POST',
    body: '{"cpf_cnpj": ',
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(422);
  expectEnvelope(body, 422);
  expect(body.errors).toEqual([expect.objectContaining({ campo: 'body', regra: 'json' })]);
});

test('a body over the size limit is a 413 envelope', async () => {
  const { response, body } = await call('/echo', {
    method: 'POST',
    body: JSON.stringify({ nome: 'x'.repeat(5000) }),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(413);
  expectEnvelope(body, 413);
});

test('an HttpError keeps its status, message and headers', async () => {
  const { response, body } = await call('/forbidden');
  expect(response.status).toBe(403);
  expect(response.headers.get('x-required-scope')).toBe('consultas:x');
  expectEnvelope(body, 403);
  expect(body.code_message).toBe('Token sem o escopo exigido.');
});

test('an unexpected error is a 500 envelope that does not leak its message', async () => {
  const { response, body } = await call('/boom');
  expect(response.status).toBe(500);
  expectEnvelope(body, 500);
  expect(JSON.stringify(body)).not.toContain('database on fire');
});

test('/healthz answers alive; /readyz names a failing dependency with 503', async () => {
  expect((await call('/healthz')).response.status).toBe(200);
  brokerUp = true;
  const ready = await call('/readyz');
  expect(ready.response.status).toBe(200);
  expect(ready.body.data).toEqual([
    { service: 'test-service', status: 'ready', checks: { database: 'ok', broker: 'ok' } },
  ]);
  brokerUp = false;
  const notReady = await call('/readyz');
  expect(notReady.response.status).toBe(503);
  expectEnvelope(notReady.body, 503);
  expect(notReady.body.data).toEqual([
    { service: 'test-service', status: 'not_ready', checks: { database: 'ok', broker: 'down' } },
  ]);
});
