import { createOpenApiConformance } from '../src';

/** Decision 0053: a header the document marks `required` on an answer and that the answer lacks is a failure. */
const conformance = createOpenApiConformance();
const unauthorized = (headerNames: readonly string[]) => ({
  method: 'GET',
  url: 'http://127.0.0.1/v1/token',
  status: 401,
  contentType: null,
  body: undefined,
  headerNames: new Set(headerNames),
});

test('an answer without the headers every answer carries fails, naming each', () => {
  expect(conformance.check(unauthorized(['x-request-id']))).toEqual([
    'GET /v1/token → 401: documented header Cache-Control absent',
    'GET /v1/token → 401: documented header X-Content-Type-Options absent',
  ]);
});

test('with them, the header check passes and the answer is checked on (here: its missing body)', () => {
  const problems = conformance.check(unauthorized(['x-request-id', 'cache-control', 'x-content-type-options']));
  expect(problems.some((problem) => problem.includes('documented header'))).toBe(false);
  expect(problems).toEqual(['GET /v1/token → 401: content type (none), documented application/json']);
});
