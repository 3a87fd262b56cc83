import {
  FONTES,
  IDEMPOTENCY_KEY_HEADER,
  type JsonValue,
  PRODUCTS,
  REQUEST_BODY_SCHEMAS,
  scopeOf,
} from '@regapi/contracts';
import { DOCUMENT, objectAt, operations, refsIn, resolve } from './openapi-support';

const ALL = operations();

test('the paths are the public /v1 API: one quote and one execution path per product, and the shared ones', () => {
  expect(Object.keys(DOCUMENT.paths).sort()).toEqual(
    [
      '/v1/token',
      '/v1/extrato',
      '/v1/extrato/mensal/{mes}',
      // The balance, the products' status and the account's orders (issue 17, docs/decisions/0091, 0092).
      '/v1/saldo',
      '/v1/status',
      '/v1/consultas',
      '/v1/consultas/{protocolo}',
      '/v1/consultas/{protocolo}/documento',
      ...FONTES.flatMap((fonte) => [`/v1/orcamento/${fonte}`, `/v1/consultas/${fonte}`]),
      // The nationwide search and its batch (issue 16, docs/decisions/0087).
      '/v1/orcamento/pesquisa-previa-bens/nacional',
      '/v1/consultas/pesquisa-previa-bens/nacional',
      '/v1/lotes/{lote}',
      // The many-targets batch (issue 16, docs/decisions/0088).
      '/v1/orcamento/pesquisa-previa-bens/lote',
      '/v1/consultas/pesquisa-previa-bens/lote',
      // The batches of record views and of certificates (issue 16, docs/decisions/0090).
      '/v1/orcamento/visualizacao-matricula/lote',
      '/v1/consultas/visualizacao-matricula/lote',
      '/v1/orcamento/certidao-inteiro-teor/lote',
      '/v1/consultas/certidao-inteiro-teor/lote',
      // The account's webhooks (issue 17, docs/decisions/0093).
      '/v1/webhooks',
      '/v1/webhooks/{id}',
      '/v1/webhooks/{id}/entregas',
      '/v1/webhooks/{id}/entregas/{entrega}/reenviar',
      // The test event (issue 29, docs/decisions/0140).
      '/v1/webhooks/{id}/testar',
      // Property monitoring (issue 30, docs/decisions/0152, 0160).
      '/v1/monitoramentos/orcamento',
      '/v1/monitoramentos',
      '/v1/monitoramentos/{id}',
      '/v1/monitoramentos/{id}/pausar',
      '/v1/monitoramentos/{id}/retomar',
      '/v1/monitoramentos/{id}/execucoes',
    ].sort(),
  );
});

test('every operation needs the bearer token: no exception (contract 5.1)', () => {
  expect(DOCUMENT.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(DOCUMENT.security).toEqual([{ bearer: [] }]);
  for (const { operation } of ALL) {
    expect(operation.security.length).toBeGreaterThan(0);
    for (const requirement of operation.security) expect(Object.keys(requirement)).toEqual(['bearer']);
  }
});

test("a product's quote and execution (its nationwide one too) require its scope; nothing else requires one", () => {
  for (const { path, operation } of ALL) {
    const fonte = FONTES.find((candidate) => path.replace(/\/(nacional|lote)$/, '').endsWith(`/${candidate}`));
    expect(operation.security).toEqual([{ bearer: fonte === undefined ? [] : [scopeOf(fonte)] }]);
  }
});

test('every operation lists 401, 429 and 500', () => {
  for (const { path, method, operation } of ALL) {
    expect([path, method, Object.keys(operation.responses)]).toEqual([
      path,
      method,
      expect.arrayContaining(['401', '429', '500']),
    ]);
  }
});

test('the statuses of each endpoint (docs/api.md)', () => {
  const statuses = (path: string, method: 'get' | 'head' | 'post') =>
    Object.keys(DOCUMENT.paths[path]?.[method]?.responses ?? {}).sort();
  for (const fonte of FONTES) {
    expect(statuses(`/v1/orcamento/${fonte}`, 'post')).toEqual([
      '200',
      '401',
      '403',
      '413',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(statuses(`/v1/consultas/${fonte}`, 'post')).toEqual(
      ['200', '202', '401', '402', '403', '409', '413', '422', '429', '500', '503'].sort(),
    );
  }
  // 403 on every /v1 route: a token used from outside its IP allow-list (decision 0074).
  expect(statuses('/v1/consultas/{protocolo}', 'get')).toEqual([
    '200',
    '202',
    '401',
    '403',
    '404',
    '429',
    '500',
    '503',
  ]);
  expect(statuses('/v1/consultas/{protocolo}/documento', 'get')).toEqual(
    ['200', '206', '304', '401', '403', '404', '416', '429', '500', '503'].sort(),
  );
  // HEAD of the document: the same statuses, no body in any of them (RFC 9110 9.3.2).
  const head = DOCUMENT.paths['/v1/consultas/{protocolo}/documento']?.head?.responses ?? {};
  expect(Object.keys(head).sort()).toEqual(statuses('/v1/consultas/{protocolo}/documento', 'get'));
  for (const response of Object.values(head)) {
    if (typeof response.$ref !== 'string') expect(response.content).toBeUndefined();
  }
  expect(statuses('/v1/token', 'get')).toEqual(['200', '401', '403', '429', '500', '503']);
  expect(statuses('/v1/extrato', 'get')).toEqual(['200', '401', '403', '422', '429', '500', '503']);
});

test('503 carries Retry-After: a dependency that is down (decision 0058)', () => {
  const unavailable = objectAt(DOCUMENT.components.responses.ServiceUnavailable);
  expect(Object.keys(objectAt(unavailable.headers))).toContain('Retry-After');
});

test('429 carries Retry-After and both RateLimit fields; 401 carries WWW-Authenticate and no RateLimit', () => {
  const tooMany = objectAt(DOCUMENT.components.responses.TooManyRequests);
  expect(Object.keys(objectAt(tooMany.headers))).toEqual(
    expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id']),
  );
  const unauthorized = Object.keys(objectAt(objectAt(DOCUMENT.components.responses.Unauthorized).headers));
  expect(unauthorized).toContain('WWW-Authenticate');
  expect(unauthorized).not.toContain('RateLimit');
  for (const { method, operation } of ALL) {
    const tooManyHere = operation.responses['429'];
    if (method !== 'head') expect(tooManyHere).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    // A HEAD answers the same status with the same headers, and no body.
    else expect(tooManyHere).toEqual({ description: expect.any(String), headers: tooMany.headers });
  }
});

test('x-beta is true exactly on the operations of the beta products (contract 9.6)', () => {
  for (const { path, operation } of ALL) {
    const fonte = FONTES.find((candidate) => path.endsWith(`/${candidate}`));
    expect([path, operation['x-beta']]).toEqual([path, fonte !== undefined && PRODUCTS[fonte].beta ? true : undefined]);
  }
  expect(String(DOCUMENT.info.description)).toContain('`visualizacao-matricula` e `certidao-inteiro-teor`');
});

test('every execution requires the Idempotency-Key header; no quote takes it', () => {
  const parameter = objectAt(DOCUMENT.components.parameters.IdempotencyKey);
  expect(parameter).toMatchObject({ name: IDEMPOTENCY_KEY_HEADER, in: 'header', required: true });
  for (const fonte of FONTES) {
    expect(DOCUMENT.paths[`/v1/consultas/${fonte}`]?.post?.parameters).toEqual([
      { $ref: '#/components/parameters/IdempotencyKey' },
    ]);
    expect(DOCUMENT.paths[`/v1/orcamento/${fonte}`]?.post?.parameters).toBeUndefined();
  }
});

test('each product posts its own request body, required, as JSON', () => {
  for (const fonte of FONTES) {
    for (const path of [`/v1/orcamento/${fonte}`, `/v1/consultas/${fonte}`]) {
      const body = objectAt(DOCUMENT.paths[path]?.post?.requestBody);
      expect(body.required).toBe(true);
      const schema = objectAt(objectAt(objectAt(body.content)['application/json']).schema);
      expect(schema.title).toBe(REQUEST_BODY_SCHEMAS[fonte].title);
    }
  }
});

test('every path parameter of a templated path is declared', () => {
  for (const { path, operation } of ALL) {
    const declared = (operation.parameters ?? [])
      .map((parameter) => objectAt(parameter))
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => parameter.name);
    expect(declared).toEqual([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
  }
});

test('operation ids are unique', () => {
  const ids = ALL.map(({ operation }) => operation.operationId);
  expect(new Set(ids).size).toBe(ids.length);
});

test('every $ref of the document resolves', () => {
  const document: JsonValue = JSON.parse(JSON.stringify(DOCUMENT));
  const refs = new Set(refsIn(document));
  expect(refs.size).toBeGreaterThan(20);
  for (const ref of refs) expect([ref, resolve({ $ref: ref }) !== undefined]).toEqual([ref, true]);
});
