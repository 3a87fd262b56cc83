import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl, magicCpf } from '@regapi/origin-simulator';
import { startSystem, type TestSystem } from '../../../deploy/test/support/system';
import { type CliRun, runCli } from './support/run-cli';

// The `regapi` command line as a customer runs it: a child process running the built dist/cli.js (built here, `tsc -b`
// is incremental), token and address from the environment, `--json` parsed as a script would, the documented exit
// codes.

jest.setTimeout(120_000);

let system: TestSystem;
let samples: readonly OriginSample[];
let token: string;

beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', path.resolve(__dirname, '..')]);
  // The customer's CLI with a sandbox (`teste`) token, as an integrator tries it (decision 0099).
  system = await startSystem({ sandbox: true });
  if (system.sandbox === undefined) throw new Error('the system was started without its sandbox');
  samples = await createSimulatorControl(system.sandbox.originUrl).samples();
  ({ token } = await system.sandbox.customer());
});

afterAll(async () => {
  await system?.close();
});

type Run = CliRun;

const regapi = (args: readonly string[], env: Record<string, string> = {}): Promise<Run> =>
  runCli(args, { REGAPI_URL: system.url, REGAPI_TOKEN: token, ...env });

function json(run: Run): Record<string, unknown> {
  try {
    return JSON.parse(run.stdout) as Record<string, unknown>;
  } catch {
    throw new Error(`not JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}

function sample(index: number): OriginSample {
  const found = samples[index];
  if (found === undefined) throw new Error(`no sample ${index}`);
  return found;
}

const FAST = ['--intervalo-maximo', '0.1'];

test('token, orcamento, consultar, resultado --aguardar, documento and extrato, each --json', async () => {
  const owner = sample(0);
  const checked = await regapi(['token', '--json']);
  expect(checked.code).toBe(0);
  expect(json(checked)).toMatchObject({
    code: 200,
    data: [{ escopos: expect.arrayContaining(['consultas:pesquisa-previa-bens']) }],
  });

  const quoted = await regapi([
    'orcamento',
    'pesquisa-previa-bens',
    `cpf_cnpj=${owner.cpfCnpj}`,
    `uf=${owner.uf}`,
    '--json',
  ]);
  expect(quoted.code).toBe(0);
  const price = (json(quoted) as { data: { preco: { total: number } }[] }).data[0]?.preco.total;
  expect(price).toBeGreaterThan(0);

  const executed = await regapi([
    'consultar',
    'pesquisa-previa-bens',
    `cpf_cnpj=${owner.cpfCnpj}`,
    `uf=${owner.uf}`,
    '--json',
  ]);
  expect(executed.code).toBe(0);
  const accepted = json(executed) as { code: number; header: { price: number }; data: { protocolo: string }[] };
  expect(accepted).toMatchObject({ code: 202, header: { price } });
  const protocolo = accepted.data[0]?.protocolo ?? '';

  const waited = await regapi(['resultado', protocolo, '--aguardar', ...FAST, '--json']);
  expect(waited.code).toBe(0);
  expect(json(waited)).toMatchObject({ code: 200, data: [{ fonte: 'pesquisa-previa-bens', nada_consta: false }] });
  // Not a terminal: no progress display on stderr.
  expect(waited.stderr).toBe('');

  const file = path.join(mkdtempSync(path.join(tmpdir(), 'regapi-cli-')), 'recibo.pdf');
  const downloaded = await regapi(['documento', protocolo, '-o', file, '--json']);
  expect(downloaded.code).toBe(0);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(json(downloaded)).toMatchObject({ arquivo: file, bytes: bytes.length });

  const extrato = await regapi(['extrato', '--json']);
  expect(extrato.code).toBe(0);
  const lines = (json(extrato) as { data: { tipo: string; protocolo: string | null }[] }).data;
  expect(lines.filter((line) => line.tipo === 'debito').map((line) => line.protocolo)).toContain(protocolo);

  // For people: the same result as lines.
  const human = await regapi(['resultado', protocolo]);
  expect(human.code).toBe(0);
  expect(human.stdout).toContain(`${protocolo}: 200`);
});

test('consultar --aguardar of a failing order: exit 4, and the JSON error says refunded and how to retry', async () => {
  const run = await regapi([
    'consultar',
    'pesquisa-previa-bens',
    `cpf_cnpj=${magicCpf('overloaded')}`,
    `uf=${sample(1).uf}`,
    '--aguardar',
    ...FAST,
    '--json',
  ]);
  expect(run.code).toBe(4);
  expect(json(run)).toMatchObject({
    error: { name: 'RetryableResultError', charged: true, refunded: true, retry: 'new-order', code: 609 },
  });
  expect(run.stderr).toMatch(/cobrado e devolvido; um NOVO pedido pode dar certo/);
});

test('exit codes: refused by the API 5 (with its envelope), usage 2, a token missing 2', async () => {
  const unknown = await regapi(['resultado', '123456789012345', '--json']);
  expect(unknown.code).toBe(5);
  expect(json(unknown)).toMatchObject({ error: { name: 'NotFoundError', status: 404, charged: false } });

  const invalid = await regapi(['orcamento', 'pesquisa-previa-bens', 'cpf_cnpj=123', '--json']);
  expect(invalid.code).toBe(5);
  expect(json(invalid)).toMatchObject({ error: { name: 'ValidationError', status: 422 } });

  expect((await regapi(['voar'])).code).toBe(2);
  expect((await regapi(['orcamento', 'pesquisa-nenhuma'])).code).toBe(2);
  const noToken = await regapi(['token'], { REGAPI_TOKEN: '' });
  expect(noToken.code).toBe(2);
  expect(noToken.stderr).toContain('REGAPI_TOKEN');
});
