import fc from 'fast-check';
import { loadQuoteCatalog } from './support/quote-catalog';
import { newAccount, newToken, useTestGateway } from './support/test-gateway';

// The monitoring routes under random input (issue 30; docs/decisions/0160), as the other endpoints are fuzzed: bodies
// with the real field names and random values, any JSON, ids and query strings → never a 5xx, always the envelope,
// and a 4xx's code is its status (contract 7.1).

jest.setTimeout(120_000);

const { database, gateway } = useTestGateway();
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Fuzz', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, [
    'consultas:pesquisa-previa-bens',
    'consultas:visualizacao-matricula',
  ]));
});

const near = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('pessoa', 'matricula', 'diaria', 'semanal', 'mensal', 'SP', 'XX', '529.982.247-25', '12345', ''),
  fc.integer({ min: -3, max: 100 }),
  fc.string(),
);

const pedido = fc.oneof(
  fc.record(
    {
      cpf_cnpj: near,
      uf: near,
      nome: near,
      finalidade: near,
      imovel_matricula: near,
      imovel_cartorio: near,
      imovel_municipio: near,
      imovel_uf: near,
      imovel_finalidade: near,
      referencia: near,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

const body = fc.oneof(
  fc.record({ tipo: near, frequencia: near, referencia: near, pedido }, { requiredKeys: [] }),
  fc.dictionary(fc.string(), near),
  fc.jsonValue(),
);

async function expectEnvelope(method: string, path: string, sent?: unknown, key?: string): Promise<void> {
  const response = await fetch(`${gateway.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(sent === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
  });
  const text = await response.text();
  const context = { method, path, sent, status: response.status, text: text.slice(0, 300) };
  expect({ ok: response.status < 500, context }).toEqual({ ok: true, context });
  const envelope = JSON.parse(text) as { code?: unknown; data?: unknown; errors?: unknown };
  expect([Array.isArray(envelope.data), Array.isArray(envelope.errors), typeof envelope.code]).toEqual([
    true,
    true,
    'number',
  ]);
  if (response.status >= 400) expect(envelope.code).toBe(response.status);
}

test('POST /v1/monitoramentos and its quote: any body → never 5xx, always the envelope', async () => {
  await fc.assert(
    fc.asyncProperty(fc.boolean(), body, fc.uuid(), async (quote, sent, key) => {
      if (quote) await expectEnvelope('POST', '/v1/monitoramentos/orcamento', sent);
      else await expectEnvelope('POST', '/v1/monitoramentos', sent, key);
    }),
    { numRuns: 150 },
  );
});

test('the watch routes: any id and query string → never 5xx, always the envelope', async () => {
  const segment = fc.oneof(fc.uuid(), fc.string({ unit: fc.constantFrom(...'0123456789abcdef-%._~'.split('')) }));
  const queryString = fc.dictionary(
    fc.constantFrom('estado', 'tipo', 'limite', 'cursor', 'outro'),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefAZ_-=%'.split('')) }),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(
        ['GET', ''],
        ['GET', '/{id}'],
        ['DELETE', '/{id}'],
        ['POST', '/{id}/pausar'],
        ['POST', '/{id}/retomar'],
        ['GET', '/{id}/execucoes'],
      ),
      segment.filter((value) => value.length > 0),
      queryString,
      async ([method, template], id, query) => {
        const search = new URLSearchParams(query).toString();
        const path = `/v1/monitoramentos${template.replace('{id}', encodeURIComponent(id))}${search === '' ? '' : `?${search}`}`;
        await expectEnvelope(method, path);
      },
    ),
    { numRuns: 150 },
  );
});
