import { randomUUID } from 'node:crypto';
import { ManualClock } from '@regapi/calendar';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import fc from 'fast-check';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Decision 0044: polling is served before express by a direct route, and express still serves every other spelling
// of the path. Whatever the path, query string and Authorization header, a gateway with the direct route answers
// exactly like one serving everything through express: same status, same envelope, same headers that matter.

const SCOPES = ['consultas:pesquisa-previa-bens'];
const COMPARED_HEADERS = ['content-type', 'cache-control', 'www-authenticate', 'retry-after', 'ratelimit-policy'];

let database: TestDatabase;
let direct: TestGateway;
let viaExpress: TestGateway;
let token: string;
let otherToken: string;
let mine: string;
let theirs: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const clock = new ManualClock(new Date('2026-03-11T13:00:00.000Z'));
  direct = await startTestGateway(database, { clock });
  viaExpress = await startTestGateway(database, { clock, expressOnly: true });
  await loadQuoteCatalog(database.db);
  const account = await newAccount(direct.adminUrl, 'Banco', '100.00');
  const other = await newAccount(direct.adminUrl, 'Outro', '100.00');
  ({ token } = await newToken(direct.adminUrl, account, SCOPES));
  ({ token: otherToken } = await newToken(direct.adminUrl, other, SCOPES));
  const accept = async (bearer: string) => {
    const answer = await call(`${direct.url}/v1/consultas/pesquisa-previa-bens`, {
      method: 'POST',
      token: bearer,
      body: { cpf_cnpj: '529.982.247-25', uf: 'SP' },
      headers: { 'idempotency-key': randomUUID() },
    });
    return String(answer.body.data[0]?.protocolo);
  };
  mine = await accept(token);
  theirs = await accept(otherToken);
});

afterAll(async () => {
  await direct.close();
  await viaExpress.close();
  await database.drop();
});

const segment = fc.oneof(
  fc.constantFrom('mine', 'theirs'),
  fc.stringMatching(/^[0-9]{1,35}$/),
  fc.string({ unit: fc.constantFrom(...'0123456789aZ_.~-%'.split('')), minLength: 1, maxLength: 12 }),
);
const suffix = fc.constantFrom('', '/', '?pagina=1', '?access_token=x', '?token=TOKEN', '?a=eyJh.eyJi.c', '/documento');
const prefix = fc.constantFrom('/v1/consultas/', '/V1/consultas/', '/v1/consultas//', '/v1/consulta/');
const authorization = fc.constantFrom(
  'mine',
  'theirs',
  'none',
  'Bearer',
  'Bearer abc',
  'Basic dXNlcjpwdw==',
  'bearer TOKEN',
  'Bearer TOKEN extra',
);

function pathOf(start: string, part: string, end: string): string {
  const value = part === 'mine' ? mine : part === 'theirs' ? theirs : part;
  return `${start}${value}${end.replace('TOKEN', token)}`;
}

function headersOf(choice: string): Record<string, string> {
  if (choice === 'none') return {};
  if (choice === 'mine') return { authorization: `Bearer ${token}` };
  if (choice === 'theirs') return { authorization: `Bearer ${otherToken}` };
  return { authorization: choice.replace('TOKEN', token) };
}

interface Seen {
  readonly status: number;
  readonly headers: Record<string, string | null>;
  readonly hasRequestId: boolean;
  readonly rateLimited: boolean;
  readonly body: unknown;
}

async function seen(base: string, path: string, headers: Record<string, string>): Promise<Seen> {
  const response = await fetch(`${base}${path}`, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    const parsed = JSON.parse(text) as { header?: Record<string, unknown> };
    body = {
      ...parsed,
      header: { ...parsed.header, request_id: parsed.header?.request_id === undefined ? null : 'x' },
    };
  } catch {
    // not JSON: compared as text
  }
  return {
    status: response.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
    hasRequestId: response.headers.get('x-request-id') !== null,
    rateLimited: response.headers.get('ratelimit') !== null,
    body,
  };
}

test('any path, query string and Authorization: the direct route answers exactly as express does', async () => {
  await fc.assert(
    fc.asyncProperty(prefix, segment, suffix, authorization, async (start, part, end, auth) => {
      const path = pathOf(start, part, end);
      const headers = headersOf(auth);
      const [fast, slow] = await Promise.all([seen(direct.url, path, headers), seen(viaExpress.url, path, headers)]);
      expect({ path, auth, ...fast }).toEqual({ path, auth, ...slow });
    }),
    { numRuns: 150 },
  );
});

test('the canonical poll of an own queued order is 202 with the queue fields on both', async () => {
  const fast = await seen(direct.url, `/v1/consultas/${mine}`, headersOf('mine'));
  expect(fast.status).toBe(202);
  expect(fast).toEqual(await seen(viaExpress.url, `/v1/consultas/${mine}`, headersOf('mine')));
});
