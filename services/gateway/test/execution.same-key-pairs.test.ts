import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { requestFingerprint } from '../src/executions/idempotency/fingerprint';
import { loadQuoteCatalog } from './support/quote-catalog';
import { type Answer, call, newAccount, newToken, useTestGateway } from './support/test-gateway';

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

const { database, gateway } = useTestGateway();
let token: string;
let accountId: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '100000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, ['consultas:visualizacao-matricula']));
});

const PATH = '/v1/consultas/visualizacao-matricula';

function execute(matricula: string, key: string, body: object = { ...IMOVEL, imovel_matricula: matricula }) {
  return call(`${gateway.url}${PATH}`, { method: 'POST', token, body, headers: { 'idempotency-key': key } });
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

test('a refusal found before the transaction waits for an acceptance of its key in flight and answers that', async () => {
  // An office the catalog does not know: the quote refuses it (602, free). Its key is being accepted by a twin whose
  // transaction is still open (here, a transaction the test holds, with the twin's stored answer).
  const body = { ...IMOVEL, imovel_municipio: 'Valinhos', imovel_matricula: '5150' };
  const key = randomUUID();
  const twin = { code: 202, data: [{ protocolo: '2026112399999999' }] };
  let claimed: () => void = () => undefined;
  let commit: () => void = () => undefined;
  const isClaimed = new Promise<void>((resolve) => {
    claimed = resolve;
  });
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  const holder = database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('idempotency_key')
      .values({
        account_id: accountId,
        key,
        fingerprint: requestFingerprint('POST', PATH, body),
        status: 202,
        response: JSON.stringify(twin),
        created_at: new Date(),
      })
      .execute();
    claimed();
    await committing;
  });
  await isClaimed;
  const answering = execute('', key, body);
  // The refusal is not given while the key is held: the request waits on the key's row lock until the twin commits.
  // (Without the fix it never waits: it answers the 602 at once, and this times out.)
  try {
    await waitFor(
      async () => {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
        return (rows[0]?.waiting ?? 0) > 0;
      },
      { timeoutMs: 5_000, what: 'the request to wait for the key' },
    );
  } finally {
    commit();
    await holder;
  }
  const answer = await answering;
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: twin });
  expect(answer.headers.get('idempotent-replayed')).toBe('true');
});
