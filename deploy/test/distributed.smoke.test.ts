import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSimulatorControl } from '@regapi/origin-simulator';
import {
  callJson,
  createTestDatabase,
  createTestVhost,
  type Spawned,
  spawnCaptured,
  type TestDatabase,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { ConsoleVisitor, csrfOf } from '../../services/console/test/support/console-web';
import { SANDBOX_SERVICES } from '../src/distributed/sandbox-processes';
import { SERVICES } from '../src/distributed/services';
import { FIRST_USER_HINT } from '../src/first-user-hint';
import { buildWorkspace, ROOT } from './build-once';
import { spawnDistributedRunner } from './support/distributed-runner';

jest.setTimeout(120_000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'regapi-distributed-'));
let database: TestDatabase;
let vhost: TestVhost;
let sandboxDatabase: TestDatabase;
let sandboxVhost: TestVhost;
let runner: Spawned | undefined;

beforeAll(async () => {
  buildWorkspace();
  database = await createTestDatabase({ migrate: false });
  vhost = await createTestVhost();
  sandboxDatabase = await createTestDatabase({ migrate: false });
  sandboxVhost = await createTestVhost();
});

afterAll(async () => {
  await runner?.stop('SIGKILL');
  await database.drop();
  await vhost.delete();
  await sandboxDatabase.drop();
  await sandboxVhost.delete();
  rmSync(dataDir, { recursive: true, force: true });
});

test('every service runs in its own process, becomes ready on PostgreSQL + RabbitMQ + S3, and all stop on SIGTERM', async () => {
  const started = await spawnDistributedRunner({
    databaseUrl: database.url,
    amqpUrl: vhost.url,
    dataDir,
    sandbox: { databaseUrl: sandboxDatabase.url, amqpUrl: sandboxVhost.url },
  });
  runner = started.process;
  const { publicBase: base, internalBase, metricsBase, sandboxBase, sandboxSimPort } = started;
  await runner.waitForOutput(/migrations applied: 0001-outbox/);

  for (const [index, name] of SERVICES.entries()) {
    const body = await waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${internalBase + index}/readyz`).catch(() => undefined);
        return response?.status === 200 ? ((await response.json()) as { data: { service: string }[] }) : undefined;
      },
      { timeoutMs: 30_000, what: `${name} ready` },
    ).catch((error: unknown) => {
      // The runner's own lines say why a service never became ready.
      throw new Error(`${String(error)}\n--- runner output ---\n${runner?.output().slice(-4000)}`);
    });
    expect(body.data[0]?.service).toBe(name);
  }

  const [, simulatorUrl] = await runner.waitForOutput(/"origin simulator listening","url":"(http:\/\/[^"]+)"/);
  expect((await fetch(`${simulatorUrl}/control/samples`)).status).toBe(200);

  // An operator onboards a customer with the CLI against this runner, with no setup: the runner and the CLI share
  // DATA_DIR/admin-token.
  const ops = (...args: string[]) => {
    const cli = spawnCaptured(process.execPath, [path.join(ROOT, 'services/gateway/dist/ops/cli.js'), ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        REGAPI_ADMIN_URL: `http://127.0.0.1:${internalBase}`,
        DATA_DIR: dataDir,
        ADMIN_TOKEN: '',
      },
    });
    return cli.exited.then((exit) => ({ exit, output: cli.output() }));
  };
  const created = await ops('account', 'create', '--name', 'Banco Distribuído');
  expect(created.exit).toBe(0);
  const { account_id: accountId } = JSON.parse(created.output) as { account_id: string };
  const credited = await ops('account', 'credit', '--account', accountId, '--amount', '150.00');
  expect(JSON.parse(credited.output)).toEqual(expect.objectContaining({ account_id: accountId, balance: '150.00' }));
  const issued = await ops('token', 'issue', '--account', accountId, '--scopes', 'consultas:pesquisa-previa-bens');
  const { token } = JSON.parse(issued.output) as { token: string };
  const me = await fetch(`http://127.0.0.1:${base}/v1/token`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);

  // The sandbox (decision 0099): its own origin-session, billing, reconciler, archive and webhooks processes on their
  // own database and vhost, a punctual simulator as their origin; a teste token's search runs there and only there.
  for (const [index, name] of SANDBOX_SERVICES.entries()) {
    await waitFor(
      async () =>
        (await fetch(`http://127.0.0.1:${sandboxBase + index}/readyz`).catch(() => undefined))?.status === 200,
      { timeoutMs: 30_000, what: `sandbox ${name} ready` },
    );
  }
  const testIssued = await ops(
    'token',
    'issue',
    '--account',
    accountId,
    '--scopes',
    'consultas:pesquisa-previa-bens',
    '--ambiente',
    'teste',
  );
  const { token: testToken } = JSON.parse(testIssued.output) as { token: string };
  const sandboxOrigin = createSimulatorControl(`http://127.0.0.1:${sandboxSimPort}`);
  const [owner] = await sandboxOrigin.samples();
  const searchBody = { cpf_cnpj: owner?.cpfCnpj, uf: owner?.uf };
  const api = (path: string, body?: unknown) =>
    callJson(`http://127.0.0.1:${base}${path}`, {
      token: testToken,
      ...(body === undefined ? {} : { method: 'POST', body, headers: { 'idempotency-key': randomUUID() } }),
    });
  // Prices once the sandbox's origin-session has synced its catalog from its simulator.
  await waitFor(async () => (await api('/v1/orcamento/pesquisa-previa-bens', searchBody)).body.code === 200, {
    timeoutMs: 30_000,
    what: "the sandbox's catalog",
  });
  const testSearch = await api('/v1/consultas/pesquisa-previa-bens', searchBody);
  expect(testSearch.headers.get('x-regapi-ambiente')).toBe('teste');
  const protocolo = String(testSearch.body.data[0]?.protocolo);
  await waitFor(async () => (await api(`/v1/consultas/${protocolo}`)).status === 200, {
    timeoutMs: 30_000,
    what: 'the sandbox search result',
  });
  const searches = ((await sandboxOrigin.receivedOrders?.()) ?? []).filter((order) => order.operation === 'search');
  expect(searches).toHaveLength(1);
  const sandboxOrders = await sandboxDatabase.db.selectFrom('orders').select('protocolo').execute();
  expect(sandboxOrders).toEqual([{ protocolo }]);
  expect(await database.db.selectFrom('orders').select('protocolo').execute()).toEqual([]);
  // The public listener serves the API only (decision 0054): no admin API, no probes there.
  expect((await fetch(`http://127.0.0.1:${base}/admin/v1/accounts/${accountId}`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${base}/readyz`)).status).toBe(404);

  // The console is its own process on its own public listener (decision 0080): its pages in HTML, its probes on its
  // internal listener only, and no demo account or user (standalone alone seeds one, decision 0081).
  const consolePort = base + SERVICES.indexOf('console');
  expect(runner.output()).toContain(`console: http://127.0.0.1:${consolePort} (console)`);
  expect(runner.output()).toContain(`console users: ${FIRST_USER_HINT}`);
  const signInPage = await fetch(`http://127.0.0.1:${consolePort}/entrar`);
  expect({ status: signInPage.status, type: signInPage.headers.get('content-type') }).toEqual({
    status: 200,
    type: expect.stringContaining('text/html'),
  });
  expect(await signInPage.text()).toContain('name="csrf"');
  expect((await fetch(`http://127.0.0.1:${consolePort}/healthz`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${internalBase + SERVICES.indexOf('console')}/healthz`)).status).toBe(200);
  const users = await database.db.selectFrom('console_user').select('id').execute();
  expect(users).toEqual([]);

  // Every service serves its metrics on a port of its own (decision 0062), and only there: the gateway's request
  // just made is counted by route template, method and status; the process and runtime metrics are in every one.
  for (const [index, name] of SERVICES.entries()) {
    const exposition = await (await fetch(`http://127.0.0.1:${metricsBase + index}/metrics`)).text();
    expect({ name, target: /^target_info\{[^}]*service_name="([^"]+)"/m.exec(exposition)?.[1] }).toEqual({
      name,
      target: name,
    });
    for (const metric of ['process_cpu_time_total', 'process_memory_usage', 'v8js_memory_heap_used']) {
      expect({ name, metric, exported: exposition.includes(`\n${metric}{`) }).toEqual({ name, metric, exported: true });
    }
  }
  const gatewayMetrics = await (await fetch(`http://127.0.0.1:${metricsBase}/metrics`)).text();
  expect(gatewayMetrics).toMatch(
    /^http_server_request_duration_count\{[^}]*http_route="\/v1\/token"[^}]*http_response_status_code="200"[^}]*\} 1$/m,
  );
  expect(gatewayMetrics).not.toContain(accountId);
  const consoleMetrics = await (
    await fetch(`http://127.0.0.1:${metricsBase + SERVICES.indexOf('console')}/metrics`)
  ).text();
  expect(consoleMetrics).toMatch(
    /^http_server_request_duration_count\{[^}]*http_route="\/entrar"[^}]*http_response_status_code="200"[^}]*\} 1$/m,
  );
  expect((await fetch(`http://127.0.0.1:${base}/metrics`)).status).toBe(404);

  // Across processes: an operator invites the account's first administrator through the gateway's admin API; the
  // link points at the console process (CONSOLE_PUBLIC_URL); the person sets a password there, creates a token, and
  // the gateway process accepts it (the same keys, decision 0073).
  const invited = await ops(
    'user',
    'invite',
    '--account',
    accountId,
    '--email',
    'chefe@banco.example',
    '--role',
    'administrador',
  );
  expect(invited.exit).toBe(0);
  const { invitation_link: link } = JSON.parse(invited.output) as { invitation_link: string };
  expect(link.startsWith(`http://127.0.0.1:${consolePort}/convite/`)).toBe(true);
  const person = new ConsoleVisitor(`http://127.0.0.1:${consolePort}`);
  const invitation = await (await person.request(new URL(link).pathname)).text();
  const accepted = await person.request(new URL(link).pathname, {
    form: { csrf: csrfOf(invitation), senha: 'uma senha longa para o banco', senha2: 'uma senha longa para o banco' },
  });
  expect({ status: accepted.status, location: accepted.headers.get('location') }).toEqual({
    status: 303,
    location: '/',
  });
  const tokenForm = await (await person.request('/tokens/novo')).text();
  const tokenCreated = await person.request('/tokens', {
    form: [
      ['csrf', csrfOf(tokenForm)],
      ['formulario', /name="formulario" value="([^"]+)"/.exec(tokenForm)?.[1] ?? ''],
      ['nome', 'ERP do banco'],
      ['escopos', 'consultas:pesquisa-previa-bens'],
      ['validade', '30d'],
      ['validade_data', ''],
      ['redes', ''],
    ],
  });
  expect(tokenCreated.status).toBe(200);
  const secret = /id="segredo"[^>]*value="([^"]+)"/.exec(await tokenCreated.text())?.[1] ?? '';
  const fromConsole = await fetch(`http://127.0.0.1:${base}/v1/token`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(fromConsole.status).toBe(200);
  // The console process reads the sandbox's database the runner gives it (decision 0146): its test mode opens the
  // account's sandbox, filled by the gateway process.
  const switched = await person.request('/modo-teste', {
    form: { csrf: csrfOf(tokenForm), modo: 'teste', voltar: '/extrato' },
  });
  expect({ status: switched.status, location: switched.headers.get('location') }).toEqual({
    status: 303,
    location: '/extrato',
  });
  const sandboxStatement = await (await person.request('/extrato')).text();
  expect(sandboxStatement).toContain('id="faixa-teste"');
  expect(sandboxStatement).toMatch(/R\$\s10\.000,00/);

  const { exit } = await runner.stop('SIGTERM');
  expect({ exit, output: exit === 0 ? '' : runner.output() }).toEqual({ exit: 0, output: '' });
  // Each service stopped by its own hand within its 10 s deadline (exitOnSignal logs "stopped", or exits 1 after
  // "shutdown deadline passed"): the product's bound, not a wall time the machine's load adds to (decision 0120).
  for (const name of SERVICES) expect(runner.output()).toContain(`"service":"${name}"`);
  // One "stopped" per process: a service's production process, and its sandbox twin where it has one.
  for (const name of SERVICES) {
    const processes = SANDBOX_SERVICES.some((sandboxed) => sandboxed === name) ? 2 : 1;
    expect({ name, stopped: stoppedLines(runner.output(), name).length }).toEqual({ name, stopped: processes });
  }
  expect(runner.output()).not.toContain('shutdown deadline passed');
});

test('a service with a bad variable stops at once with one line naming it', async () => {
  const gateway = spawnCaptured(process.execPath, [path.join(ROOT, 'services/gateway/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: 'eighty', DATABASE_URL: database.url, AMQP_URL: vhost.url },
  });
  expect(await gateway.exited).toBe(78);
  expect(gateway.output().trim()).toBe('config: PORT must be an integer, got "eighty"');
});

test('the console without its keys, or with two and no active one, stops at once naming the variable', async () => {
  const consoleProcess = (env: Record<string, string>) => {
    const { JWT_KEYS: _keys, JWT_ACTIVE_KID: _kid, ...inherited } = process.env;
    const spawned = spawnCaptured(process.execPath, [path.join(ROOT, 'services/console/dist/main.js')], {
      cwd: ROOT,
      env: { ...inherited, DATABASE_URL: database.url, PORT: '0', INTERNAL_PORT: '0', METRICS_PORT: '0', ...env },
    });
    return spawned.exited.then((exit) => ({ exit, output: spawned.output().trim() }));
  };
  expect(await consoleProcess({})).toEqual({ exit: 78, output: 'config: JWT_KEYS is required but not set' });
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  expect(await consoleProcess({ JWT_KEYS: `a:${secret},b:${secret}` })).toEqual({
    exit: 78,
    output: 'config: JWT_ACTIVE_KID is required when JWT_KEYS holds more than one key',
  });
});

/** The "stopped" line a service logs once its stop finished (libs/runtime exitOnSignal). */
function stoppedLines(output: string, service: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes(`"service":"${service}"`) && line.includes('"msg":"stopped"'));
}
