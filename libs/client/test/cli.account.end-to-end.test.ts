import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadQuoteCatalog } from '../../../services/gateway/test/support/quote-catalog';
import { seedOrderHistory } from '../../../services/gateway/test/support/seed-order';
import { newAccount, newToken, useTestGateway } from '../../../services/gateway/test/support/test-gateway';
import { runCli } from './support/run-cli';

// Issue 29 item 3: `regapi` over the account — saldo, status, pedidos (a page, --todos, --prefixo), the statement as a
// pt-BR CSV file, the webhook endpoints — and (item 8) a failure after an execution names the key it was sent with.
// The built command against the real gateway and PostgreSQL; no origin runs, so an accepted order stays queued.

const { database, gateway } = useTestGateway();
const folder = mkdtempSync(path.join(tmpdir(), 'regapi-cli-'));
let accountId: string;
let token: string;

beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', path.resolve(__dirname, '..')]);
  await loadQuoteCatalog(database.db);
  accountId = await newAccount(gateway.adminUrl, 'Escritório', '1000.00');
  token = (await newToken(gateway.adminUrl, accountId, ['consultas:pesquisa-previa-bens'])).token;
  for (const referencia of ['CASO-1', 'CASO-2', 'OUTRO-1'])
    await seedOrderHistory(database.db, accountId, { referencia });
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const regapi = (args: readonly string[]) => runCli(args, { REGAPI_URL: gateway.url, REGAPI_TOKEN: token });

test('saldo and status', async () => {
  const saldo = await regapi(['saldo']);
  expect(saldo).toEqual(expect.objectContaining({ code: 0 }));
  expect(saldo.stdout).toMatch(/^saldo \d+\.\d{2}; reservado/);
  const status = await regapi(['status', '--json']);
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout).data).toHaveLength(3);
});

test('pedidos: a page with the next cursor, --todos, --prefixo', async () => {
  const page = await regapi(['pedidos', '--limite', '2']);
  expect(page.code).toBe(0);
  const lines = page.stdout.trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/OUTRO-1$/);
  expect(lines[2]).toMatch(/^\(mais: --cursor [A-Za-z0-9_-]+\)$/);
  const all = await regapi(['pedidos', '--todos', '--limite', '1', '--json']);
  expect(JSON.parse(all.stdout).map((order: { referencia: string }) => order.referencia)).toEqual([
    'OUTRO-1',
    'CASO-2',
    'CASO-1',
  ]);
  const cases = await regapi(['pedidos', '--prefixo', 'CASO-']);
  expect(
    cases.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('  ').at(-1)),
  ).toEqual(['CASO-2', 'CASO-1']);
  const refused = await regapi(['pedidos', '--estado', 'talvez']);
  expect(refused.code).toBe(5);
});

test('extrato --csv --dialeto pt-BR -o writes the spreadsheet file', async () => {
  const file = path.join(folder, 'extrato.csv');
  const saved = await regapi(['extrato', '--csv', '--dialeto', 'pt-BR', '-o', file]);
  expect(saved.code).toBe(0);
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8')).toMatch(/^data_hora;lancamento_id;/);
  expect((await regapi(['extrato', '--csv', '--dialeto', 'excel', '-o', file])).code).toBe(2);
});

test('webhooks: criar, listar, desativar, testar, entregas, remover', async () => {
  const created = await regapi(['webhooks', 'criar', 'https://hooks.example.com/cli', 'consulta.finalizada', '--json']);
  expect(created.code).toBe(0);
  const hook = JSON.parse(created.stdout).data[0] as { id: string; segredo: string };
  expect(hook.segredo).toMatch(/^whsec_/);
  expect((await regapi(['webhooks', 'listar'])).stdout).toContain(`${hook.id}  ativo  https://hooks.example.com/cli`);
  expect((await regapi(['webhooks', 'desativar', hook.id])).stdout).toBe(`${hook.id}: inativo\n`);
  expect((await regapi(['webhooks', 'testar', hook.id])).code).toBe(0);
  expect((await regapi(['webhooks', 'entregas', hook.id])).stdout).toMatch(/webhook\.teste/);
  expect((await regapi(['webhooks', 'remover', hook.id])).code).toBe(0);
  expect((await regapi(['webhooks', 'listar'])).stdout.trim()).toBe('');
  const insecure = await regapi(['webhooks', 'criar', 'http://hooks.example.com/cli', 'consulta.finalizada']);
  expect(insecure.code).toBe(5);
  expect(insecure.stderr).toMatch(/\n {2}url: .*https:\/\//);
});

test('a wait that runs out after an execution names the key the order was sent with', async () => {
  const key = '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b';
  const waited = await regapi([
    'consultar',
    'pesquisa-previa-bens',
    'cpf_cnpj=52998224725',
    'uf=SP',
    '--chave',
    key,
    '--aguardar',
    '--timeout',
    '1',
    '--json',
  ]);
  expect(waited.code).toBe(3);
  expect(JSON.parse(waited.stdout).error).toEqual(expect.objectContaining({ idempotencyKey: key }));
  // Without --chave the command mints one, and a failure still names it.
  const minted = await regapi([
    'consultar',
    'pesquisa-previa-bens',
    'cpf_cnpj=52998224725',
    'uf=RJ',
    '--aguardar',
    '--timeout',
    '1',
  ]);
  expect(minted.code).toBe(3);
  expect(minted.stderr).toMatch(/--chave [0-9a-f-]{36}/);
});
