import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, startTestGateway, type TestGateway } from './support/test-gateway';

// Issue 12 item 13 (docs/decisions/0058): every answer under one Idempotency-Key is the first answer. A record view
// and its twin (same key, same body) sent a few milliseconds apart: the twin used to be checked against the 7-day
// order block before its key was claimed, so it could find its own twin's order, just committed, and answer a free
// 602 ("nothing charged") for an order that WAS charged. Pairs are spread over a range of gaps so that some twins
// arrive while the first request's transaction is in flight and others just after it committed.

const PAIRS = 60;
const IMOVEL = {
  cpf_cnpj: '123.456.789-09',
  imovel_cartorio: 2,
  imovel_municipio: 'Campinas',
  imovel_uf: 'SP',
};

let database: TestDatabase;
let gateway: TestGateway;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = await startTestGateway(database);
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.url, 'Banco Exemplo', '100000.00');
  ({ token } = await newToken(gateway.url, accountId, ['consultas:visualizacao-matricula']));
});

afterAll(async () => {
  await gateway.close();
  await database.drop();
});

function execute(matricula: string, key: string): Promise<Answer> {
  return call(`${gateway.url}/v1/consultas/visualizacao-matricula`, {
    method: 'POST',
    token,
    body: { ...IMOVEL, imovel_matricula: matricula },
    headers: { 'idempotency-key': key },
  });
}

/** What a client acts on: the status, the result code and the protocolo it was given (if any). */
function gist(answer: Answer): { status: number; code: unknown; protocolo: unknown } {
  return { status: answer.status, code: answer.body.code, protocolo: answer.body.data?.[0]?.protocolo };
}

test('concurrent twins with one key on distinct records: both answers identical in every pair, one order each', async () => {
  const pairs = await Promise.all(
    Array.from({ length: PAIRS }, async (_, index) => {
      const matricula = String(90_000 + index);
      const key = randomUUID();
      const first = execute(matricula, key);
      await sleep(index % 20);
      const twin = execute(matricula, key);
      return { matricula, answers: await Promise.all([first, twin]) };
    }),
  );
  const differing = pairs
    .map(({ matricula, answers }) => ({ matricula, first: gist(answers[0]), twin: gist(answers[1]) }))
    .filter(({ first, twin }) => JSON.stringify(first) !== JSON.stringify(twin));
  expect(differing).toEqual([]);
  for (const { answers } of pairs) {
    expect(answers.map((answer) => answer.body.code)).toEqual([202, 202]);
  }
  const orders = await database.db.selectFrom('orders').select('imovel_chave').execute();
  expect(orders).toHaveLength(PAIRS);
});
