import { randomUUID } from 'node:crypto';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// Issue 17: the client's own `referencia` on every execution body (single and batch), stored on the order, echoed by
// the poll and the list, searchable; the same Idempotency-Key with another referencia is another body (422).

const IMOVEL = { cpf_cnpj: '123.456.789-09', imovel_cartorio: 2, imovel_municipio: 'Campinas', imovel_uf: 'SP' };

const { database, gateway } = useTestGateway();
let token: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '100000.00');
  ({ token } = await newToken(gateway.adminUrl, accountId, [
    'consultas:visualizacao-matricula',
    'consultas:pesquisa-previa-bens',
  ]));
});

function execute(path: string, body: object, key = randomUUID()) {
  return call(`${gateway.url}${path}`, { method: 'POST', token, body, headers: { 'idempotency-key': key } });
}

const referenciasOf = async (protocolos: readonly unknown[]) =>
  (
    await database.db
      .selectFrom('orders')
      .select(['protocolo', 'referencia'])
      .where('protocolo', 'in', protocolos as string[])
      .orderBy('acceptance_seq')
      .execute()
  ).map((row) => row.referencia);

test('kept trimmed on the order, echoed by the poll and the list, and the list finds it', async () => {
  const accepted = await execute('/v1/consultas/visualizacao-matricula', {
    ...IMOVEL,
    imovel_matricula: '1001',
    referencia: '  processo-22/A  ',
  });
  expect(accepted.status).toBe(202);
  // Echoed in the acceptance itself; an order without one answers the 202 exactly as before (no field).
  expect(accepted.body.data[0]).toEqual(expect.objectContaining({ referencia: 'processo-22/A' }));
  const protocolo = String(accepted.body.data[0]?.protocolo);
  expect(await referenciasOf([protocolo])).toEqual(['processo-22/A']);
  const poll = await call(`${gateway.url}/v1/consultas/${protocolo}`, { token });
  expect(poll.body.data[0]).toEqual(expect.objectContaining({ referencia: 'processo-22/A' }));
  const without = await execute('/v1/consultas/visualizacao-matricula', { ...IMOVEL, imovel_matricula: '1002' });
  expect(Object.keys(without.body.data[0] ?? {}).sort()).toEqual([
    'consultar_daqui_s',
    'consultar_em',
    'estado',
    'protocolo',
  ]);
  const polledWithout = await call(`${gateway.url}/v1/consultas/${String(without.body.data[0]?.protocolo)}`, { token });
  expect(polledWithout.body.data[0]).toEqual(expect.objectContaining({ referencia: null }));
  const listed = await call(`${gateway.url}/v1/consultas?referencia=${encodeURIComponent('processo-22/A')}`, { token });
  const consultas = (listed.body.data[0] as { consultas: Record<string, unknown>[] }).consultas;
  expect(consultas.map((item) => [item.protocolo, item.referencia])).toEqual([[protocolo, 'processo-22/A']]);
});

test('the same key with another referencia is another body: 422, nothing new; the same referencia replays', async () => {
  const key = randomUUID();
  const body = { ...IMOVEL, imovel_matricula: '2001', referencia: 'r-1' };
  const first = await execute('/v1/consultas/visualizacao-matricula', body, key);
  expect(first.status).toBe(202);
  const replay = await execute('/v1/consultas/visualizacao-matricula', body, key);
  expect(replay.status).toBe(202);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body.data[0]?.protocolo).toBe(first.body.data[0]?.protocolo);
  const other = await execute('/v1/consultas/visualizacao-matricula', { ...body, referencia: 'r-2' }, key);
  expect(other.status).toBe(422);
  const orders = await database.db
    .selectFrom('orders')
    .select('id')
    .where('referencia', 'in', ['r-1', 'r-2'])
    .execute();
  expect(orders).toHaveLength(1);
});

test.each([
  ['too long', 'x'.repeat(101)],
  ['a control character', 'a\u0007b'],
  ['blank', '   '],
  ['not a string', 42],
])('a referencia that is %s: 422 naming referencia, nothing charged', async (_name, referencia) => {
  const answer = await execute('/v1/consultas/visualizacao-matricula', {
    ...IMOVEL,
    imovel_matricula: '3001',
    referencia,
  });
  expect(answer.status).toBe(422);
  expect(answer.body.errors.map((error) => error.campo)).toContain('referencia');
  expect(answer.body.header).toEqual(expect.objectContaining({ price: 0 }));
});

test('a batch item carries its own referencia; a nationwide search gives its referencia to every UF order', async () => {
  const batch = await execute('/v1/consultas/visualizacao-matricula/lote', {
    itens: [
      { ...IMOVEL, imovel_matricula: '4001', referencia: 'item-1' },
      { ...IMOVEL, imovel_matricula: '4002' },
    ],
  });
  expect(batch.status).toBe(202);
  const batchOrders = await database.db
    .selectFrom('orders')
    .select('referencia')
    .where('imovel_chave', 'is not', null)
    .where('batch_id', 'is not', null)
    .orderBy('acceptance_seq')
    .execute();
  expect(batchOrders.map((row) => row.referencia)).toEqual(['item-1', null]);
  const nationwide = await execute('/v1/consultas/pesquisa-previa-bens/nacional', {
    cpf_cnpj: '123.456.789-09',
    referencia: 'todas-as-ufs',
  });
  expect(nationwide.status).toBe(202);
  const searchOrders = await database.db
    .selectFrom('orders')
    .select('referencia')
    .where('fonte', '=', 'pesquisa-previa-bens')
    .execute();
  expect(searchOrders.length).toBeGreaterThan(1);
  expect(new Set(searchOrders.map((row) => row.referencia))).toEqual(new Set(['todas-as-ufs']));
});
