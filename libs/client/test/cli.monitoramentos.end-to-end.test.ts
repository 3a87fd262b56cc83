import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadQuoteCatalog } from '../../../services/gateway/test/support/quote-catalog';
import { newAccount, newToken, useTestGateway } from '../../../services/gateway/test/support/test-gateway';
import { found, watchRuns } from '../../../services/gateway/test/support/watch-runs';
import { type CuttingProxy, startCuttingProxy } from './support/cutting-proxy';
import { runCli } from './support/run-cli';

// Issue 30: `regapi monitoramentos` — orcamento (the price per run and the projected month), criar, listar, ver,
// pausar, retomar, remover, execucoes (each run's resumo), and `pedidos --monitoramento`; a 422 prints its fields; a
// creation whose answer is cut is resent with the same key (one watch), a pause whose answer is cut is not resent.
// The built command against the real gateway and PostgreSQL; the runs placed and compared by the gateway job's code.

const { database, gateway } = useTestGateway();
let token: string;
let proxy: CuttingProxy;

beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', path.resolve(__dirname, '..')]);
  await loadQuoteCatalog(database.db);
  const account = await newAccount(gateway.adminUrl, 'Bureau', '500.00');
  token = (
    await newToken(gateway.adminUrl, account, ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'])
  ).token;
  proxy = await startCuttingProxy(new URL(gateway.url));
});

afterAll(() => proxy?.close());

const regapi = (args: readonly string[], url = gateway.url) => runCli(args, { REGAPI_URL: url, REGAPI_TOKEN: token });
const PESSOA = ['--tipo', 'pessoa', '--cpf-cnpj', '529.982.247-25'];

test('orcamento shows the price per run and the projected month; a person watch names its UF or --nacional', async () => {
  const quoted = await regapi(['monitoramentos', 'orcamento', ...PESSOA, '--uf', 'SP', '--frequencia', 'semanal']);
  expect(quoted.code).toBe(0);
  expect(quoted.stdout).toMatch(
    /^pessoa semanal: R\$ \d+\.\d{2} por execução; 4\.29 execuções em 30 dias ≈ R\$ \d+\.\d{2} por mês\n/,
  );
  const json = await regapi([
    'monitoramentos',
    'orcamento',
    ...PESSOA,
    '--nacional',
    '--frequencia',
    'mensal',
    '--json',
  ]);
  expect(json.code).toBe(0);
  expect(JSON.parse(json.stdout).data[0]).toEqual(
    expect.objectContaining({
      tipo: 'pessoa',
      frequencia: 'mensal',
      preco: expect.objectContaining({ estimado: true }),
    }),
  );
  expect((await regapi(['monitoramentos', 'orcamento', ...PESSOA, '--frequencia', 'diaria'])).code).toBe(2);
  expect((await regapi(['monitoramentos', 'orcamento', '--frequencia', 'diaria'])).code).toBe(2);
});

test('criar, listar, ver, execucoes with each resumo, pedidos --monitoramento, pausar, retomar, remover', async () => {
  const created = await regapi([
    'monitoramentos',
    'criar',
    ...PESSOA,
    '--uf',
    'SP',
    '--frequencia',
    'diaria',
    '--referencia',
    'garantia-9',
    '--json',
  ]);
  expect(created.code).toBe(0);
  const id = String(JSON.parse(created.stdout).data[0].id);
  const record = await regapi([
    'monitoramentos',
    'criar',
    '--tipo',
    'matricula',
    '--cpf-cnpj',
    '529.982.247-25',
    '--matricula',
    '012345',
    '--cartorio',
    '2',
    '--municipio',
    'Campinas',
    '--uf-imovel',
    'SP',
    '--frequencia',
    'semanal',
  ]);
  expect(record.code).toBe(0);
  expect(record.stdout).toMatch(/^criado [0-9a-f-]{36} \(matricula semanal\); primeira execução \S+Z\n/);
  expect(record.stdout).toMatch(
    /R\$ \d+\.\d{2} por execução ≈ R\$ \d+\.\d{2} por mês \(estimado\)\nchave: [0-9a-f-]{36}\n$/,
  );

  const listed = await regapi(['monitoramentos', 'listar', '--tipo', 'pessoa']);
  expect(listed.stdout).toMatch(new RegExp(`^${id}  ativo  pessoa diaria  próxima \\S+Z  garantia-9\\n$`));
  const page = await regapi(['monitoramentos', 'listar', '--limite', '1']);
  expect(page.stdout).toMatch(/\n\(mais: --cursor [A-Za-z0-9_-]+\)\n$/);
  const all = await regapi(['monitoramentos', 'listar', '--todos', '--limite', '1', '--json']);
  expect(JSON.parse(all.stdout)).toHaveLength(2);
  const shown = (await regapi(['monitoramentos', 'ver', id])).stdout.split('\n')[1]?.split(' ');
  expect(shown?.slice(1).sort()).toEqual(['cpf_cnpj=529.982.247-25', 'uf=SP']);

  const runs = watchRuns(database.db);
  await runs.place(0);
  await runs.finish(id, found('1001'));
  await runs.place(1);
  await runs.finish(id, found('1001', '1002'));
  // The first run was placed in time but not started by the end of its window (decision 0172), then compared.
  await database.db
    .updateTable('watch_run')
    .set({
      late_at: new Date('2026-03-10T15:00:00Z'),
      late_reason: 'não começou na janela: sem capacidade ociosa da origem',
    })
    .where('watch_id', '=', id)
    .where('outcome', '=', 'primeira')
    .execute();
  const history = await regapi(['monitoramentos', 'execucoes', id]);
  expect(history.code).toBe(0);
  const lines = history.stdout.trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^\S+Z {2}alteracao {2}\S+ {2}1 imóvel novo em SP\.$/);
  expect(lines[1]).toMatch(
    /^\S+Z {2}primeira {2}\S+ {2}Primeiro resultado: 1 imóvel em SP\. {2}atrasada em 2026-03-10T15:00:00\.000Z: não começou na janela: sem capacidade ociosa da origem$/,
  );
  const every = JSON.parse(
    (await regapi(['monitoramentos', 'execucoes', id, '--todos', '--limite', '1', '--json'])).stdout,
  );
  expect(every.map((run: { resultado: string }) => run.resultado)).toEqual(['alteracao', 'primeira']);
  const orders = await regapi(['pedidos', '--monitoramento', id, '--json']);
  expect(JSON.parse(orders.stdout).data[0].consultas.map((order: { protocolo: string }) => order.protocolo)).toEqual(
    every.map((run: { protocolo: string }) => run.protocolo),
  );

  expect((await regapi(['monitoramentos', 'pausar', id])).stdout).toMatch(
    /^\S+ {2}pausado {2}pessoa diaria {2}próxima —/,
  );
  expect((await regapi(['monitoramentos', 'retomar', id])).stdout).toMatch(
    /^\S+ {2}ativo {2}pessoa diaria {2}próxima \S+Z/,
  );
  expect((await regapi(['monitoramentos', 'remover', id])).stdout).toMatch(/^\S+ {2}removido {2}/);
  const again = await regapi(['monitoramentos', 'pausar', id]);
  expect(again.code).toBe(5);
  expect(again.stderr).toMatch(/^erro: 409: .*repetir não adianta/);
});

test('a 422 prints its fields', async () => {
  const refused = await regapi([
    'monitoramentos',
    'criar',
    '--tipo',
    'matricula',
    '--cpf-cnpj',
    '111.111.111-11',
    '--matricula',
    '012345',
    '--cartorio',
    '2',
    '--municipio',
    'Campinas',
    '--uf-imovel',
    'SP',
    '--frequencia',
    'diaria',
  ]);
  expect(refused.code).toBe(5);
  expect(refused.stderr).toMatch(/\n {2}frequencia: /);
  expect(refused.stderr).toMatch(/\n {2}pedido\.cpf_cnpj: /);
  const json = await regapi([
    'monitoramentos',
    'orcamento',
    ...PESSOA,
    '--uf',
    'XX',
    '--frequencia',
    'diaria',
    '--json',
  ]);
  expect(json.code).toBe(5);
  expect(JSON.parse(json.stdout).error.envelope.errors).toEqual([expect.objectContaining({ campo: 'pedido.uf' })]);
});

test('a creation whose answer is cut is resent with the same key (one watch); a cut pause is not resent', async () => {
  const before = JSON.parse((await regapi(['monitoramentos', 'listar', '--todos', '--json'])).stdout).length;
  proxy.cutNext('POST /v1/monitoramentos HTTP', -1);
  const created = await regapi(
    ['monitoramentos', 'criar', ...PESSOA, '--uf', 'RJ', '--frequencia', 'mensal', '--referencia', 'cortada', '--json'],
    proxy.url,
  );
  expect(proxy.cuts()).toBe(1);
  expect(created.code).toBe(0);
  const id = String(JSON.parse(created.stdout).data[0].id);
  const after = JSON.parse((await regapi(['monitoramentos', 'listar', '--todos', '--json'])).stdout);
  expect(after).toHaveLength(before + 1);

  proxy.cutNext('/pausar HTTP', -1);
  const paused = await regapi(['monitoramentos', 'pausar', id], proxy.url);
  expect(proxy.cuts()).toBe(2);
  expect(paused.code).toBe(6);
  expect(paused.stderr).toMatch(/confira antes de repetir/);
  expect((await regapi(['monitoramentos', 'ver', id])).stdout).toMatch(/ {2}pausado {2}/);
});
