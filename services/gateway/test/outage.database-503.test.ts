import { randomUUID } from 'node:crypto';
import { createDb, type DbHandle } from '@regapi/db';
import { createTcpProxy, createTestDatabase, type TcpProxy, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 12 item 14 (docs/decisions/0058): a dependency that is down is a 503 envelope with Retry-After, never a 500.
// The gateway reaches the test file's database through a TCP proxy the test cuts (the shared PostgreSQL keeps
// running for every other test file), then restores: the same calls answer as usual again. The caller's token row
// stays cached through the outage, so the quote, the execution and the poll reach their handlers' own statements;
// the token endpoint is called with a token never seen before, whose row must be read.

const SEARCH = { cpf_cnpj: '529.982.247-25', uf: 'SP' };

let database: TestDatabase;
let proxy: TcpProxy;
let proxied: DbHandle;
let gateway: TestGateway;
let token: string;
/** Issued before the outage, first used during it. */
let unseen: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadQuoteCatalog(database.db);
  const url = new URL(database.url);
  proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  proxied = createDb(url.toString(), { max: 5 });
  // A token row read once stays cached for the whole test.
  gateway = await startTestGateway(proxied, { tokenCacheMs: 600_000 });
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '500.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']));
  ({ token: unseen } = await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens']));
});

afterAll(async () => {
  await gateway.close();
  await proxied.close();
  await proxy.close();
  await database.drop();
});

/** The four public calls a client makes: token check, quote, execution, poll (the poll served by the direct route). */
function calls(protocolo: string, tokenChecked = token) {
  return {
    token: () => call(`${gateway.url}/v1/token`, { token: tokenChecked }),
    quote: () => call(`${gateway.url}/v1/orcamento/pesquisa-previa-bens`, { method: 'POST', token, body: SEARCH }),
    execution: () =>
      call(`${gateway.url}/v1/consultas/pesquisa-previa-bens`, {
        method: 'POST',
        token,
        body: SEARCH,
        headers: { 'idempotency-key': randomUUID() },
      }),
    poll: () => call(`${gateway.url}/v1/consultas/${protocolo}`, { token }),
  };
}

async function answersOf(protocolo: string, tokenChecked = token): Promise<Record<string, Answer>> {
  const entries = await Promise.all(
    Object.entries(calls(protocolo, tokenChecked)).map(async ([name, send]) => [name, await send()] as const),
  );
  return Object.fromEntries(entries);
}

test('with its database unreachable the gateway answers 503 envelopes with Retry-After, and serves again once it is back', async () => {
  const accepted = await calls('').execution();
  expect(accepted.status).toBe(202);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  const statuses = (answers: Record<string, Answer>) =>
    Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]));
  const before = statuses(await answersOf(protocolo));
  expect(before).toEqual({ token: 200, quote: 200, execution: 202, poll: 202 });

  await proxy.cut();
  const during = await answersOf(protocolo, unseen);
  for (const [name, answer] of Object.entries(during)) {
    expect({ name, status: answer.status, code: answer.body.code }).toEqual({ name, status: 503, code: 503 });
    expect(answer.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(answer.body.header).toMatchObject({ billable: false, price: 0 });
    expect(answer.body.code_message).not.toMatch(/error|stack|ECONN/i);
  }

  await proxy.restore();
  expect(statuses(await answersOf(protocolo, unseen))).toEqual(before);
});
