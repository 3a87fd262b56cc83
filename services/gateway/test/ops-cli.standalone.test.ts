import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { previousMonth } from '@regapi/ledger';
import { freePort, type Spawned, spawnCaptured } from '@regapi/testkit';
import { buildWorkspace, ROOT } from '../../../deploy/test/build-once';

// Issue 4, done when: an operator onboards a customer (account, credit, token) with the CLI against the running
// system. Here: the compiled standalone system on a fresh DATA_DIR, and the `ops` CLI as child processes (`pnpm --silent
// ops ...` for some, the script's own command for the rest), each printing ONE JSON object on stdout and nothing else.

jest.setTimeout(240_000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'regapi-ops-'));
// mkdtemp makes a 0700 folder; PostgreSQL runs as the postgres user when the tests run as root and must traverse it.
chmodSync(dataDir, 0o755);
let running: Spawned | undefined;
let ports: Record<string, string>;

beforeAll(async () => {
  buildWorkspace();
  ports = {
    EMBEDDED_PG_PORT: String(await freePort()),
    SIM_PORT: String(await freePort()),
  };
});

afterAll(async () => {
  await running?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

let adminUrl = '';

async function startStandalone(): Promise<string> {
  const { ADMIN_TOKEN: _admin, JWT_KEYS: _keys, JWT_ACTIVE_KID: _kid, ...inherited } = process.env;
  running = spawnCaptured(process.execPath, [path.join(ROOT, 'deploy/dist/standalone/main.js')], {
    cwd: ROOT,
    env: {
      ...inherited,
      ...ports,
      PORT: '0',
      INTERNAL_PORT: '0',
      METRICS_PORT: '0',
      CONSOLE_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  const [, url] = await running.waitForOutput(/regapi standalone listening on (http:\/\/\S+)/, 90_000);
  const [, internal] = await running.waitForOutput(/internal listener \S.* on (http:\/\/\S+)/);
  adminUrl = internal ?? '';
  return url ?? '';
}

async function stopStandalone(): Promise<void> {
  const stopped = await running?.stop('SIGTERM');
  expect(stopped?.exit).toBe(0);
  running = undefined;
}

interface OpsRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The root package.json's `ops` script, `node <cli>`: what `pnpm --silent ops` runs. Most runs below start it directly
 * (pnpm's own start costs more than the CLI's); the runs marked `viaPnpm` go through pnpm as an operator types it, so
 * the script, its one line of JSON on stdout and its exit codes through pnpm stay tested.
 */
const OPS_SCRIPT = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { ops: string } })
  .scripts.ops;

function opsCommand(args: readonly string[], viaPnpm: boolean): [string, string[]] {
  if (viaPnpm) return ['pnpm', ['--silent', 'ops', ...args]];
  const [program, ...scriptArgs] = OPS_SCRIPT.split(' ');
  if (program !== 'node') throw new Error(`package.json's ops script is not "node <cli>": ${OPS_SCRIPT}`);
  return [process.execPath, [...scriptArgs, ...args]];
}

/**
 * `ops <args>` from the workspace root; the token comes from DATA_DIR. `url` is the public API's: the CLI is pointed at
 * the internal listener the standalone system printed.
 */
function ops(
  _url: string,
  args: readonly string[],
  env: Record<string, string> = {},
  { viaPnpm = false }: { readonly viaPnpm?: boolean } = {},
): Promise<OpsRun> {
  const { ADMIN_TOKEN: _admin, ...inherited } = process.env;
  const [command, commandArgs] = opsCommand(args, viaPnpm);
  return new Promise((resolve) => {
    execFile(
      command,
      commandArgs,
      { cwd: ROOT, env: { ...inherited, REGAPI_ADMIN_URL: adminUrl, DATA_DIR: dataDir, ...env } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The one JSON object of a successful run: stdout is exactly one line of JSON. */
async function opsJson(
  url: string,
  args: readonly string[],
  options: { readonly viaPnpm?: boolean } = {},
): Promise<Record<string, unknown>> {
  const run = await ops(url, args, {}, options);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  expect(run.stdout.endsWith('\n')).toBe(true);
  expect(run.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

const tokenStatus = async (url: string, token: string) =>
  (await fetch(`${url}/v1/token`, { headers: { authorization: `Bearer ${token}` } })).status;

let keptToken = '';
let baseUrl = '';

test('onboard a customer with the CLI: account, credit, show, token; the token works; revoked, it does not', async () => {
  const url = await startStandalone();
  baseUrl = url;
  // The launcher generated its secrets once, readable by the owner only.
  expect(statSync(path.join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
  expect(statSync(path.join(dataDir, 'jwt-keys')).mode & 0o777).toBe(0o600);

  const created = await opsJson(url, ['account', 'create', '--name', 'Banco Exemplo S.A.'], { viaPnpm: true });
  const accountId = String(created.account_id);
  expect(accountId).toMatch(/^[0-9a-f-]{36}$/);

  const credited = await opsJson(url, [
    'account',
    'credit',
    '--account',
    accountId,
    '--amount',
    '150.00',
    '--reference',
    'PIX-E2E-1',
  ]);
  expect(credited).toEqual(expect.objectContaining({ account_id: accountId, balance: '150.00' }));

  // Issue 29: an operator finds an id by listing: the first start's demo account first, then this one.
  const listed = await opsJson(url, ['account', 'list']);
  const accounts = listed.accounts as readonly Record<string, unknown>[];
  expect(listed.count).toBe(accounts.length);
  expect(accounts[0]).toEqual(
    expect.objectContaining({ name: 'Conta de demonstração', balance: '500.00', plan: 'padrao' }),
  );
  expect(accounts.at(-1)).toEqual(
    expect.objectContaining({
      account_id: accountId,
      name: 'Banco Exemplo S.A.',
      balance: '150.00',
      balance_centavos: 15000,
    }),
  );

  const shown = await opsJson(url, ['account', 'show', '--account', accountId]);
  expect(shown).toEqual(
    expect.objectContaining({
      account_id: accountId,
      name: 'Banco Exemplo S.A.',
      balance: '150.00',
      plan: expect.objectContaining({ id: 'padrao' }),
    }),
  );

  const issued = await opsJson(url, [
    'token',
    'issue',
    '--account',
    accountId,
    '--scopes',
    'consultas:pesquisa-previa-bens,consultas:visualizacao-matricula',
    '--ttl',
    '30d',
  ]);
  expect(issued).toEqual(
    expect.objectContaining({
      token: expect.any(String),
      token_id: expect.any(String),
      expires_at: expect.any(String),
    }),
  );
  const token = String(issued.token);

  const verified = await fetch(`${url}/v1/token`, { headers: { authorization: `Bearer ${token}` } });
  expect(verified.status).toBe(200);
  const body = (await verified.json()) as {
    data: Record<string, unknown>[];
    header: { billable: boolean; price: number };
  };
  expect(body.header).toEqual(expect.objectContaining({ billable: false, price: 0 }));
  expect(body.data[0]).toEqual({
    ambiente: 'producao',
    conta: accountId,
    token_id: issued.token_id,
    escopos: ['consultas:pesquisa-previa-bens', 'consultas:visualizacao-matricula'],
    expira_em: issued.expires_at,
  });

  const extrato = await fetch(`${url}/v1/extrato`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
  });
  expect((await extrato.text()).split('\r\n')[1]).toMatch(/,recarga,150\.00,150\.00,/);

  const revoked = await opsJson(url, ['token', 'revoke', '--token-id', String(issued.token_id)]);
  expect(revoked).toEqual({ token_id: issued.token_id, revoked_at: expect.any(String) });
  expect(await tokenStatus(url, token)).toBe(401);

  // A second token outlives a restart (next test).
  keptToken = String(
    (await opsJson(url, ['token', 'issue', '--account', accountId, '--scopes', 'consultas:certidao-inteiro-teor']))
      .token,
  );
  expect(await tokenStatus(url, keptToken)).toBe(200);
});

test('product disable/enable and order show through the CLI', async () => {
  const url = baseUrl;
  expect(await opsJson(url, ['product', 'disable', 'certidao-inteiro-teor', '--reason', 'teste'])).toEqual(
    expect.objectContaining({ fonte: 'certidao-inteiro-teor', enabled: false, reason: 'teste' }),
  );
  expect(await opsJson(url, ['product', 'enable', 'certidao-inteiro-teor'])).toEqual(
    expect.objectContaining({ fonte: 'certidao-inteiro-teor', enabled: true }),
  );
  const missing = await ops(url, ['order', 'show', '999999999']);
  expect(missing).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('HTTP 404') });
  // Dead letters (decision 0057): none in a healthy system; re-driving an empty queue re-drives nothing.
  expect(await opsJson(url, ['dead-letters', 'list'])).toEqual({ count: 0, dead_letters: [] });
  expect(await opsJson(url, ['dead-letters', 'redrive', 'billing.settlements'])).toEqual({
    queue: 'billing.settlements',
    redriven: 0,
    message_ids: [],
  });
});

test('finance close-month and statements through the CLI (issue 18): JSON on stdout, the month in progress refused', async () => {
  const url = baseUrl;
  const current = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);
  const previous = previousMonth(current);
  // Every account of this system was created this month: the previous month closes for none, and again for none.
  const closed = await opsJson(url, ['finance', 'close-month', '--month', previous]);
  expect(closed).toEqual({ month: previous, closed: expect.any(Number), already_closed: expect.any(Number) });
  expect(await opsJson(url, ['finance', 'statements', '--month', previous])).toEqual(
    expect.objectContaining({ month: previous, count: Number(closed.closed) + Number(closed.already_closed) }),
  );
  const running = await ops(url, ['finance', 'close-month', '--month', current]);
  expect(running).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('HTTP 409') });
  const usage = await ops(url, ['finance', 'close-month', '--month', '2026-13']);
  expect(usage).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining('--month') });
});

test('errors: stderr and a non-zero exit, never a line on stdout', async () => {
  const url = baseUrl;
  const usage = await ops(url, ['account', 'credit', '--account', 'x', '--amount', '1.234'], {}, { viaPnpm: true });
  expect(usage).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining('--amount') });
  const wrongToken = await ops(
    url,
    ['account', 'create', '--name', 'X'],
    { ADMIN_TOKEN: 'wrong-admin-token-0123456789abcdef0123' },
    { viaPnpm: true },
  );
  expect(wrongToken).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('HTTP 401') });
  const refused = await ops(url, ['account', 'create', '--name', 'X', '--plan', 'ouro']);
  expect(refused).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('plan: Plano desconhecido') });
  const unreachable = await ops(url, ['account', 'show', '--account', 'x'], { REGAPI_ADMIN_URL: 'http://127.0.0.1:9' });
  expect(unreachable).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('cannot reach the admin API') });
});

test("README's curl quick start, run as written against the running system: a sandbox record view and its PDF", async () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start with curl'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('README has no quick start block');
  const { ADMIN_TOKEN: _admin, ...inherited } = process.env;
  const run = await new Promise<OpsRun>((resolve) => {
    execFile(
      'bash',
      ['-euo', 'pipefail', '-c', block],
      {
        cwd: ROOT,
        env: { ...inherited, REGAPI: baseUrl, REGAPI_ADMIN_URL: adminUrl, DATA_DIR: dataDir },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  expect(run.stdout).toMatch(/billable: false/);
  expect(run.stdout).toMatch(/^protocolo \d+$/m);
  const pdf = /^PDF: (.+)$/m.exec(run.stdout)?.[1];
  if (pdf === undefined) throw new Error(`no PDF line in ${run.stdout}`);
  expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  rmSync(path.dirname(pdf), { recursive: true, force: true });
});

test('a restart reuses DATA_DIR secrets: tokens issued before it stay valid', async () => {
  const adminToken = readFileSync(path.join(dataDir, 'admin-token'), 'utf8');
  const keys = readFileSync(path.join(dataDir, 'jwt-keys'), 'utf8');
  await stopStandalone();
  const url = await startStandalone();
  expect(readFileSync(path.join(dataDir, 'admin-token'), 'utf8')).toBe(adminToken);
  expect(readFileSync(path.join(dataDir, 'jwt-keys'), 'utf8')).toBe(keys);
  expect(await tokenStatus(url, keptToken)).toBe(200);
  await stopStandalone();
});
