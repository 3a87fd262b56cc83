import { randomUUID } from 'node:crypto';
import { loadQuoteCatalog } from './support/quote-catalog';
import { call, newAccount, newToken, useTestGateway } from './support/test-gateway';

// The watch's quote and body (issue 30; docs/decisions/0152, 0160): the price per run IS the product's quote (the same
// code, decision 0025), the projected month from it; the body's `pedido` is validated by the product's own rules,
// field by field under `pedido.`; a record watch is at most weekly; creating needs the product's scope.

const PESSOA = { cpf_cnpj: '529.982.247-25', uf: 'SP' };
const MATRICULA = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '012345',
  imovel_cartorio: 2,
  imovel_municipio: 'campinas',
  imovel_uf: 'sp',
};

const { database, gateway } = useTestGateway();
let token: string;
let searchOnly: string;

beforeAll(async () => {
  await loadQuoteCatalog(database.db);
  const accountId = await newAccount(gateway.adminUrl, 'Banco Exemplo', '10.00');
  token = (
    await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'])
  ).token;
  searchOnly = (await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens'])).token;
});

const post = (path: string, body: unknown, bearer = token, headers: Record<string, string> = {}) =>
  call(`${gateway.url}${path}`, { method: 'POST', token: bearer, body, headers });
const watchQuote = (body: unknown, bearer = token) => post('/v1/monitoramentos/orcamento', body, bearer);
const create = (body: unknown, bearer = token) =>
  post('/v1/monitoramentos', body, bearer, { 'idempotency-key': randomUUID() });

test.each([
  ['pessoa', 'diaria', PESSOA, '/v1/orcamento/pesquisa-previa-bens', 30],
  ['pessoa', 'mensal', { cpf_cnpj: PESSOA.cpf_cnpj }, '/v1/orcamento/pesquisa-previa-bens/nacional', 1],
  // A weekly record watch runs every 8 days, past each run's repeat block (decision 0177).
  ['matricula', 'semanal', MATRICULA, '/v1/orcamento/visualizacao-matricula', 3.75],
  ['pessoa', 'semanal', PESSOA, '/v1/orcamento/pesquisa-previa-bens', 4.29],
] as const)(
  '%s %s: the price per run is the product quote, the month projected from it',
  async (tipo, frequencia, pedido, productPath, runs) => {
    const product = await post(productPath, pedido);
    expect(product.body.code).toBe(200);
    const answer = await watchQuote({ tipo, frequencia, pedido });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
    const productItem = product.body.data[0] as { preco: { total: number } };
    const perRun = productItem.preco.total;
    const centavos = Math.round(perRun * 100);
    const month = Math.round(
      centavos * { diaria: 30, semanal: tipo === 'matricula' ? 30 / 8 : 30 / 7, mensal: 1 }[frequencia],
    );
    expect(answer.body.data).toEqual([
      {
        tipo,
        frequencia,
        disponivel: true,
        preco: { por_execucao: perRun, execucoes_em_30_dias: runs, mensal_projetado: month / 100, estimado: true },
        orcamento: productItem,
      },
    ]);
    // The creation shows the same price.
    const created = await create({ tipo, frequencia, pedido });
    expect(created.status).toBe(201);
    expect(created.body.data[0]?.preco).toEqual(answer.body.data[0]?.preco);
  },
);

test('a run the product does not offer is a 602 with HTTP 200, free, and creates nothing', async () => {
  const pedido = { cpf_cnpj: PESSOA.cpf_cnpj, uf: 'AC' };
  const product = await post('/v1/orcamento/pesquisa-previa-bens', pedido);
  const answer = await watchQuote({ tipo: 'pessoa', frequencia: 'semanal', pedido });
  expect([answer.status, answer.body.code]).toEqual([200, 602]);
  expect(answer.body.data[0]).toEqual(
    expect.objectContaining({ disponivel: false, preco: null, orcamento: product.body.data[0] }),
  );
  const before = await database.db.selectFrom('watch').select('id').execute();
  const refused = await create({ tipo: 'pessoa', frequencia: 'semanal', pedido });
  expect([refused.status, refused.body.code]).toEqual([200, 602]);
  expect(await database.db.selectFrom('watch').select('id').execute()).toHaveLength(before.length);
});

test('a record watch is at most weekly: diaria is a 422 naming frequencia, on the quote and the creation', async () => {
  for (const answer of [
    await watchQuote({ tipo: 'matricula', frequencia: 'diaria', pedido: MATRICULA }),
    await create({ tipo: 'matricula', frequencia: 'diaria', pedido: MATRICULA }),
  ]) {
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ campo: 'frequencia', regra: 'matricula_no_maximo_semanal', valor: 'diaria' }),
    ]);
    expect(answer.body.errors[0]?.mensagem).toContain('no máximo semanal');
  }
});

test('pedido is checked by the product own rules, every error at once, each named under pedido.', async () => {
  const answer = await create({
    tipo: 'matricula',
    frequencia: 'semanal',
    pedido: { ...MATRICULA, cpf_cnpj: '111.111.111-11', imovel_uf: 'XX', imovel_cartorio: '2' },
    extra: true,
  });
  expect(answer.status).toBe(422);
  const campos = answer.body.errors.map((error) => error.campo);
  expect(campos).toEqual(
    expect.arrayContaining(['extra', 'pedido.cpf_cnpj', 'pedido.imovel_cartorio', 'pedido.imovel_uf']),
  );
  // The same messages the product's own execution gives for the same body.
  const product = await post(
    '/v1/consultas/visualizacao-matricula',
    { ...MATRICULA, cpf_cnpj: '111.111.111-11' },
    token,
    {
      'idempotency-key': randomUUID(),
    },
  );
  const ours = answer.body.errors.find((error) => error.campo === 'pedido.cpf_cnpj');
  expect(ours).toEqual({ ...product.body.errors[0], campo: 'pedido.cpf_cnpj' });
  const nationwide = await watchQuote({ tipo: 'pessoa', frequencia: 'semanal', pedido: { cpf_cnpj: 'abc' } });
  expect(nationwide.body.errors).toEqual([expect.objectContaining({ campo: 'pedido.cpf_cnpj' })]);
  const shape = await create({ tipo: 'imovel', frequencia: 'anual', referencia: 7 });
  expect(shape.status).toBe(422);
  expect(shape.body.errors.map((error) => [error.campo, error.regra])).toEqual([
    ['tipo', 'enum'],
    ['frequencia', 'enum'],
    ['referencia', 'type'],
    ['pedido', 'required'],
  ]);
});

test('creating and quoting need the scope of the product the runs are: 403 before the fields', async () => {
  const record = await create({ tipo: 'matricula', frequencia: 'semanal', pedido: {} }, searchOnly);
  expect(record.status).toBe(403);
  expect(record.headers.get('www-authenticate')).toContain('consultas:visualizacao-matricula');
  expect((await watchQuote({ tipo: 'matricula', frequencia: 'semanal', pedido: MATRICULA }, searchOnly)).status).toBe(
    403,
  );
  expect((await create({ tipo: 'pessoa', frequencia: 'semanal', pedido: PESSOA }, searchOnly)).status).toBe(201);
});
