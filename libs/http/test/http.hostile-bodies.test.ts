import { transportMessage, validateRequest } from '@regapi/contracts';
import {
  createHttpApp,
  type DirectRoute,
  HttpError,
  listen,
  MAX_JSON_DEPTH,
  type RunningServer,
  readJsonBody,
  sendEnvelope,
} from '@regapi/http';
import { silentLogger } from '@regapi/telemetry';
import { Router } from 'express';

// Issue 12 items 5 and 10 (docs/decisions/0052, 0053): whatever a client sends, the answer is the JSON envelope (no
// HTML page, no stack, no file path), with nosniff and no-store.

let server: RunningServer;

const directItem: DirectRoute = {
  method: 'GET',
  route: '/direct',
  match: (path) => (path === '/direct' ? {} : undefined),
  handle: async (_req, res) => sendEnvelope(res, 200, { code: 200, codeMessage: 'ok' }),
};

beforeAll(async () => {
  const api = Router();
  // As the gateway's quote route: read, validate, refuse field by field.
  api.post('/orcamento', readJsonBody, (req, res) => {
    const validation = validateRequest('pesquisa-previa-bens', req.body);
    if (!validation.ok) throw new HttpError(422, transportMessage(422), validation.errors);
    sendEnvelope(res, 200, { code: 200, codeMessage: 'ok' });
  });
  api.get('/ok', (_req, res) => sendEnvelope(res, 200, { code: 200, codeMessage: 'ok' }));
  api.get('/unserializable', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    throw new HttpError(422, 'x', [{ campo: 'nome', regra: 'type', mensagem: 'x', valor: cyclic }], { 'X-Own': '1' });
  });
  server = await listen(createHttpApp({ logger: silentLogger(), routers: [api], directRoutes: [directItem] }), 0);
});

afterAll(async () => {
  await server.close(100);
});

const nested = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

async function post(body: string) {
  const response = await fetch(`${server.url}/orcamento`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  return { response, text: await response.text() };
}

function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/RangeError|<html|<pre|\bat \w|node_modules|\/src\//i);
  expect(text).not.toContain(process.cwd());
}

test('a nome nested 5,000 levels is a 422 envelope naming the depth, with no stack and no path', async () => {
  const { response, text } = await post(`{"cpf_cnpj":"52998224725","uf":"SP","nome":${nested(5000)}}`);
  expect(response.status).toBe(422);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expectNoLeak(text);
  const body = JSON.parse(text) as { code: number; errors: unknown[] };
  expect(body.code).toBe(422);
  expect(body.errors).toEqual([expect.objectContaining({ campo: 'body', regra: 'json-depth' })]);
});

test('a body just within the depth bound is validated, and its deep value is not echoed back', async () => {
  const { response, text } = await post(`{"cpf_cnpj":"52998224725","uf":"SP","nome":${nested(MAX_JSON_DEPTH - 1)}}`);
  expect(response.status).toBe(422);
  const body = JSON.parse(text) as { errors: Record<string, unknown>[] };
  expect(body.errors).toEqual([expect.objectContaining({ campo: 'nome', regra: 'type' })]);
  expect(body.errors[0]).not.toHaveProperty('valor');
});

test('brackets inside strings do not count as nesting', async () => {
  const { response, text } = await post(`{"cpf_cnpj":"52998224725","uf":"SP","nome":"${'[{'.repeat(5000)}\\""}`);
  expect(response.status).toBe(422);
  expect(JSON.parse(text)).toEqual(expect.objectContaining({ errors: [expect.objectContaining({ campo: 'nome' })] }));
});

test("an error while answering an error is still the 500 envelope, without the failed answer's headers", async () => {
  const response = await fetch(`${server.url}/unserializable`);
  const text = await response.text();
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-own')).toBeNull();
  expectNoLeak(text);
  expect(JSON.parse(text)).toEqual(expect.objectContaining({ code: 500, errors: [] }));
});

test.each([
  ['a success', 'GET', '/ok', 200],
  ['a direct route', 'GET', '/direct', 200],
  ['a 404', 'GET', '/nada', 404],
  ['a 422', 'POST', '/orcamento', 422],
  ['a 500', 'GET', '/unserializable', 500],
])('%s carries X-Content-Type-Options: nosniff and Cache-Control: no-store', async (_name, method, path, status) => {
  const response = await fetch(`${server.url}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
  expect(response.status).toBe(status);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('no-store');
});
