import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import fc from 'fast-check';
import { loadQuoteCatalog } from './support/quote-catalog';
import { ADMIN_TOKEN, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 5: "a fuzz test (fast-check) on the request bodies and headers of every endpoint: never a 5xx, always the
// envelope". Bodies are random JSON, near-valid bodies with random values, and raw text that is not JSON; headers are
// random Idempotency-Keys, content types and bearer values; paths get random protocolos and query strings.

jest.setTimeout(180_000);

const FONTES = ['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'];

let database: TestDatabase;
let gateway: TestGateway;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Random bearers would lock the test's address out of the admin API (decision 0054): here the bodies are the point.
  gateway = await startTestGateway(database, {
    adminThrottle: { freeFailures: 1_000_000, firstLockMs: 1, maxLockMs: 1 },
  });
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Fuzz', '100000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, [
    'consultas:pesquisa-previa-bens',
    'consultas:visualizacao-matricula',
    'consultas:certidao-inteiro-teor',
  ]));
});

afterAll(async () => {
  await gateway.close();
  await database.drop();
});

/** Header values fetch can send: visible ASCII and spaces, no line breaks. */
const headerValue = fc.string({ unit: fc.constantFrom(...' !#$%&*+-./0123456789:;=?@ABCDEFabcdefxyz_~{}'.split('')) });

const nearValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('SP', 'RJ', 'AC', 'XX', '', ' ', '529.982.247-25', '12.ABC.345/01DE-35', '000123', 'Campinas'),
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
  fc.string(),
);

/** Bodies with the real field names and random values, random extra fields, or anything JSON at all. */
const jsonBody = fc.oneof(
  fc.record(
    {
      cpf_cnpj: nearValue,
      uf: nearValue,
      nome: nearValue,
      finalidade: nearValue,
      imovel_matricula: nearValue,
      imovel_cartorio: nearValue,
      imovel_municipio: nearValue,
      imovel_uf: nearValue,
      imovel_finalidade: nearValue,
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.string(), nearValue),
  fc.jsonValue(),
);

const rawBody = fc.oneof(
  jsonBody.map((body) => JSON.stringify(body)),
  fc.string(),
  fc.constantFrom('{', '{"cpf_cnpj":', 'null', '[]', '"x"', '{"uf":"SP"}}', '\u0000'),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  '',
);

const bearer = fc.oneof(
  fc.constant(undefined),
  fc.constant('valid'),
  headerValue.map((value) => `Bearer ${value}`),
  headerValue,
);

const idempotencyKey = fc.oneof(fc.constant(undefined), fc.uuid(), headerValue);

const protocolo = fc.oneof(
  fc.stringMatching(/^[0-9]{1,40}$/),
  fc.string({ unit: fc.constantFrom(...'0123456789abc%20-._~'.split('')) }).filter((value) => value.length > 0),
);

interface Attempt {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly contentType?: string;
  readonly authorization?: string;
  readonly idempotencyKey?: string;
}

async function send(attempt: Attempt): Promise<{ status: number; text: string; type: string | null }> {
  const headers: Record<string, string> = {};
  if (attempt.authorization !== undefined) {
    headers.authorization = attempt.authorization === 'valid' ? `Bearer ${token}` : attempt.authorization;
  }
  if (attempt.contentType !== undefined) headers['content-type'] = attempt.contentType;
  if (attempt.idempotencyKey !== undefined) headers['idempotency-key'] = attempt.idempotencyKey;
  const base = attempt.path.startsWith('/admin/') ? gateway.adminUrl : gateway.url;
  const response = await fetch(`${base}${attempt.path}`, {
    method: attempt.method,
    headers,
    ...(attempt.body === undefined ? {} : { body: attempt.body }),
  });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

/** What is wrong with an answer to a fuzzed request, or undefined when it is a proper envelope. */
function envelopeProblem(answer: { status: number; text: string; type: string | null }): string | undefined {
  if (answer.status >= 500) return '5xx';
  if (!answer.type?.startsWith('application/json') && !answer.type?.startsWith('text/csv')) return 'not the envelope';
  if (answer.type.startsWith('text/csv')) return undefined;
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  const header = body.header as Record<string, unknown> | undefined;
  const ok =
    typeof body.code === 'number' &&
    typeof body.code_message === 'string' &&
    header?.api_version === 'v1' &&
    typeof header.billable === 'boolean' &&
    typeof header.price === 'number' &&
    Array.isArray(body.data) &&
    body.data_count === body.data.length &&
    Array.isArray(body.errors);
  if (!ok) return 'not the envelope';
  // Transport refusals carry their status as code (contract 7.1); results ride on 200 or 202.
  if (answer.status >= 400 && body.code !== answer.status) return 'code differs from status';
  return undefined;
}

/** Fails the property (fast-check then shrinks the attempt) naming the attempt and the answer. */
function expectEnvelope(answer: { status: number; text: string; type: string | null }, attempt: Attempt): void {
  const context = JSON.stringify({ attempt, status: answer.status, text: answer.text.slice(0, 300) });
  expect({ problem: envelopeProblem(answer), context }).toEqual({ problem: undefined, context });
}

const RUNS = { numRuns: 120 };

test('POST /v1/consultas/{fonte} and /v1/orcamento/{fonte}: any body and headers → never 5xx, always the envelope', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...FONTES),
      fc.constantFrom('consultas', 'orcamento'),
      rawBody,
      contentType,
      bearer,
      idempotencyKey,
      async (fonte, kind, body, type, authorization, key) => {
        const attempt: Attempt = {
          method: 'POST',
          path: `/v1/${kind}/${fonte}`,
          body,
          contentType: type,
          ...(authorization === undefined ? {} : { authorization }),
          ...(key === undefined ? {} : { idempotencyKey: key }),
        };
        expectEnvelope(await send(attempt), attempt);
      },
    ),
    RUNS,
  );
});

test('valid-token executions with near-valid bodies → never 5xx, always the envelope', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...FONTES), jsonBody, fc.uuid(), async (fonte, body, key) => {
      const attempt: Attempt = {
        method: 'POST',
        path: `/v1/consultas/${fonte}`,
        body: JSON.stringify(body),
        contentType: 'application/json',
        authorization: 'valid',
        idempotencyKey: key,
      };
      expectEnvelope(await send(attempt), attempt);
    }),
    RUNS,
  );
});

test('GET endpoints: any protocolo, query string and bearer → never 5xx, always the envelope', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        protocolo.map((p) => `/v1/consultas/${p}`),
        protocolo.map((p) => `/v1/consultas/${p}/documento`),
        fc.constant('/v1/token'),
        fc
          .tuple(headerValue, headerValue)
          .map(([de, ate]) => `/v1/extrato?de=${encodeURIComponent(de)}&ate=${encodeURIComponent(ate)}`),
        headerValue.map((q) => `/v1/token?access_token=${encodeURIComponent(q)}`),
        fc
          .tuple(headerValue, headerValue)
          .map(
            ([mes, formato]) => `/v1/extrato/mensal/${encodeURIComponent(mes)}?formato=${encodeURIComponent(formato)}`,
          ),
        fc.constant('/v1/saldo'),
        fc.constant('/v1/status'),
        fc
          .tuple(fc.constantFrom('fonte', 'estado', 'codigo', 'de', 'ate', 'limite', 'cursor', 'x'), headerValue)
          .map(([name, value]) => `/v1/consultas?${name}=${encodeURIComponent(value)}`),
      ),
      bearer,
      async (path, authorization) => {
        const attempt: Attempt = { method: 'GET', path, ...(authorization === undefined ? {} : { authorization }) };
        expectEnvelope(await send(attempt), attempt);
      },
    ),
    RUNS,
  );
});

test('the admin API: any body and bearer → never 5xx, always the envelope', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(
        ['POST', '/admin/v1/accounts'],
        ['POST', '/admin/v1/tokens'],
        ['POST', '/admin/v1/accounts/00000000-0000-4000-8000-000000000000/credits'],
        ['GET', '/admin/v1/accounts/not-a-uuid'],
        ['POST', '/admin/v1/products/pesquisa-previa-bens/disable'],
        // A plan that does not exist: the body is validated (422) before the plan is looked up (404).
        ['POST', '/admin/v1/plans/ouro/max-open-orders'],
      ),
      rawBody,
      fc.oneof(fc.constant(`Bearer ${ADMIN_TOKEN}`), bearer),
      async ([method, path], body, authorization) => {
        const attempt: Attempt = {
          method: method as 'GET' | 'POST',
          path,
          ...(method === 'POST' ? { body, contentType: 'application/json' } : {}),
          ...(authorization === undefined ? {} : { authorization }),
        };
        expectEnvelope(await send(attempt), attempt);
      },
    ),
    RUNS,
  );
});
