import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi, openApiJson } from '@regapi/contracts';

const FILE = path.resolve(__dirname, '..', '..', '..', 'docs', 'openapi.json');
const STALE = 'docs/openapi.json differs from buildOpenApi(): run `pnpm openapi` and commit docs/openapi.json';

test('docs/openapi.json is exactly what `pnpm openapi` writes from the contracts', () => {
  const written = readFileSync(FILE, 'utf8');
  expect(written === openApiJson() ? 'up to date' : STALE).toBe('up to date');
});

test('docs/openapi.json has the same content as buildOpenApi() (the difference, when there is one)', () => {
  expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
});

test('the document is plain JSON: a JSON round trip keeps it whole', () => {
  const document = buildOpenApi();
  expect(JSON.parse(JSON.stringify(document))).toStrictEqual(JSON.parse(openApiJson()));
  expect(openApiJson()).not.toContain('undefined');
});
