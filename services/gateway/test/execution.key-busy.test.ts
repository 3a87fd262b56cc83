import { randomUUID } from 'node:crypto';
import { holdKey } from './support/held-key';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// A duplicate Idempotency-Key waits for the request holding it at most `idempotencyWaitMs`, then answers 409 with
// Retry-After, charging nothing (decision 0026). The bound is set by the key claim itself (decision 0042): this test
// holds a claim open in another transaction, as a request stuck mid-acceptance would.

const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const WAIT_MS = 400;

const { database, gateway } = useTestGateway({ idempotencyWaitMs: WAIT_MS });
let accountId: string;
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '100.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']));
});

function execute(key: string): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
    method: 'POST',
    token,
    body: SEARCH,
    headers: { 'idempotency-key': key },
  });
}

async function balance(): Promise<number> {
  const row = await database.db
    .selectFrom('account')
    .select('balance_centavos')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

test('a key held by a transaction that does not finish: 409 with Retry-After after the wait, nothing charged', async () => {
  const key = randomUUID();
  // Another transaction claims the key and neither commits nor rolls back until released.
  const held = await holdKey(database.db, accountId, key);
  try {
    const before = await balance();
    const started = Date.now();
    const busy = await execute(key);
    const waited = Date.now() - started;
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe(409);
    expect(busy.body.header).toMatchObject({ billable: false, price: 0 });
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 50);
    expect(waited).toBeLessThan(WAIT_MS + 5_000);
    expect(await balance()).toBe(before);

    // The holder gives up: the same key is then the client's to use.
    await held.release();
    const accepted = await execute(key);
    expect(accepted.status).toBe(202);
    expect(await balance()).toBeLessThan(before);
  } finally {
    await held.release();
  }
});
