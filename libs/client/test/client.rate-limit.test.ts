import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from '../../../services/gateway/test/support/quote-catalog';
import {
  newAccount,
  newToken,
  startTestGateway,
  type TestGateway,
} from '../../../services/gateway/test/support/test-gateway';
import { RegapiClient, type RetryEvent, RetryLaterError } from '../src';

// Decision 0096 against the real gateway with a tiny rate limit (one request at once, one more per second): a 429 is
// waited out for exactly its Retry-After and resent — an execution with the SAME key — and a Retry-After longer than
// the client accepts is not slept through but thrown, with the key to resend with.

const KEY = '0b0f6a6e-2a4c-4c57-9f3e-5d1c2b7a8e90';

let database: TestDatabase;
let gateway: TestGateway;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadQuoteCatalog(database.db);
  gateway = await startTestGateway(database, { rateLimit: { burst: 1, perSecond: 1 } });
  const accountId = await newAccount(gateway.adminUrl, 'Cliente', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId));
});

afterAll(async () => {
  await gateway?.close();
  await database?.drop();
});

function client(events: RetryEvent[], maxRetryAfterMs?: number): RegapiClient {
  return new RegapiClient({
    baseUrl: gateway.url,
    token,
    onRetry: (event) => events.push(event),
    ...(maxRetryAfterMs === undefined ? {} : { retry: { maxRetryAfterMs } }),
  });
}

/** Spends the account's allowance, so the next request is a 429. */
async function spend(events: RetryEvent[]): Promise<void> {
  const api = client(events);
  while (events.length === 0) await api.token();
  events.length = 0;
}

test('a 429 is resent after its Retry-After, an execution with the same Idempotency-Key: accepted once', async () => {
  const events: RetryEvent[] = [];
  await spend(events);
  const accepted = await client(events).execute('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SP' });
  expect(accepted.code).toBe(202);
  expect(events.length).toBeGreaterThanOrEqual(1);
  const keys = new Set(events.map((event) => event.idempotencyKey));
  expect(keys.size).toBe(1);
  for (const event of events) {
    expect(event).toMatchObject({ method: 'POST', reason: 429, retryAfterS: expect.any(Number) });
    // Honoured: the wait is the server's Retry-After, not the client's backoff.
    expect(event.delayMs).toBe((event.retryAfterS ?? 0) * 1000);
    expect(event.retryAfterS).toBeGreaterThanOrEqual(1);
  }
  const debits = (await client([]).extrato()).data.filter((line) => line.tipo === 'debito');
  expect(debits).toEqual([expect.objectContaining({ protocolo: accepted.data[0]?.protocolo })]);
});

test('a Retry-After longer than the client accepts is thrown at once: RetryLaterError, nothing charged, same key', async () => {
  const events: RetryEvent[] = [];
  await spend(events);
  const error = await client(events, 500)
    .execute('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'RJ' }, { idempotencyKey: KEY })
    .catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(RetryLaterError);
  expect(error).toMatchObject({ status: 429, code: 429, charged: false, retry: 'same-key', idempotencyKey: KEY });
  expect(events).toEqual([]);
});
