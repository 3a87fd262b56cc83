import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { type HeldKey, holdKey } from '../../../services/gateway/test/support/held-key';
import { loadQuoteCatalog } from '../../../services/gateway/test/support/quote-catalog';
import {
  newAccount,
  newToken,
  startTestGateway,
  type TestGateway,
} from '../../../services/gateway/test/support/test-gateway';
import { RegapiClient, type RetryEvent } from '../src';

// Decision 0096 against the real gateway: an Idempotency-Key still being accepted by another request answers 409 with
// Retry-After (decision 0026); the client waits it out and resends with the SAME key, and the order is accepted once.

const KEY = '6d2f9c1a-4b7e-4e0a-9c3d-8a5b1f2e7c40';

let database: TestDatabase;
let gateway: TestGateway;
let accountId: string;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadQuoteCatalog(database.db);
  gateway = await startTestGateway(database, { idempotencyWaitMs: 200 });
  accountId = await newAccount(gateway.adminUrl, 'Cliente', '1000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId));
});

afterAll(async () => {
  await gateway?.close();
  await database?.drop();
});

test('409 while the key is held elsewhere: resent after Retry-After with the same key, accepted and debited once', async () => {
  const held: HeldKey = await holdKey(database.db, accountId, KEY);
  const events: RetryEvent[] = [];
  const client = new RegapiClient({
    baseUrl: gateway.url,
    token,
    onRetry: (event) => {
      events.push(event);
      // The other request gives up: the key is free when the client comes back.
      if (events.length === 1) void held.release();
    },
  });
  const accepted = await client.execute(
    'pesquisa-previa-bens',
    { cpf_cnpj: '529.982.247-25', uf: 'SP' },
    { idempotencyKey: KEY },
  );
  await held.release();
  expect(accepted.code).toBe(202);
  expect(events).toEqual([
    expect.objectContaining({ reason: 409, retryAfterS: 1, delayMs: 1000, attempt: 2, idempotencyKey: KEY }),
  ]);
  const debits = (await client.extrato()).data.filter((line) => line.tipo === 'debito');
  expect(debits).toEqual([expect.objectContaining({ protocolo: accepted.data[0]?.protocolo })]);
});
