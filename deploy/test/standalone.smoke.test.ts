import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootClusterFolder, superuserAccepts } from '@regapi/db';
import { createSimulatorControl } from '@regapi/origin-simulator';
import { callJson, freePort, listeningPorts, type Spawned, spawnCaptured, waitFor } from '@regapi/testkit';
import { ConsoleVisitor, csrfOf } from '../../services/console/test/support/console-web';
import { FIRST_USER_HINT } from '../src/first-user-hint';
import { DEMO_ACCOUNT_NAME } from '../src/standalone/demo-account';
import { buildWorkspace, ROOT } from './build-once';
import { expectOneEventPerChangedRun, sandboxApi, startHookReceiver } from './support/watch-change-scenario';

jest.setTimeout(120_000);

// mkdtemp makes a 0700 folder, as root's home is: run as root (as the tests are here), the embedded PostgreSQL runs as
// the postgres user, which cannot enter it, and standalone must still start (decision 0060).
const dataDir = mkdtempSync(path.join(tmpdir(), 'regapi-standalone-'));
const clusterDir = path.join(dataDir, 'pg', 'cluster');
const asRoot = process.getuid?.() === 0;
let pgPort = 0;
let running: Spawned | undefined;
/** The demo administrator the first start printed. */
let demoAdmin = { email: '', password: '' };

beforeAll(() => {
  buildWorkspace();
});

afterAll(async () => {
  await running?.stop('SIGKILL');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (asRoot && existsSync(passwordFile)) {
    rmSync(rootClusterFolder(clusterDir, readFileSync(passwordFile, 'utf8').trim()), { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Whether the embedded cluster lets the superuser in with `password`. */
const logsIn = (password: string) =>
  superuserAccepts(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`);

async function startStandalone(extraEnv: Record<string, string> = {}): Promise<{
  process: Spawned;
  url: string;
  consoleUrl: string;
  internalUrl: string;
  metricsUrl: string;
}> {
  pgPort = await freePort();
  const env = {
    ...process.env,
    PORT: '0',
    INTERNAL_PORT: '0',
    METRICS_PORT: '0',
    CONSOLE_PORT: '0',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(await freePort()),
    ...extraEnv,
  };
  const started = spawnCaptured(process.execPath, [path.join(ROOT, 'deploy/dist/standalone/main.js')], {
    env,
    cwd: ROOT,
  });
  running = started;
  const [, url] = await started.waitForOutput(/regapi standalone listening on (http:\/\/\S+)/, 90_000);
  const [, internalUrl] = await started.waitForOutput(/internal listener \S.* on (http:\/\/\S+)/);
  const [, metricsUrl] = await started.waitForOutput(/metrics \(Prometheus\) on (http:\/\/\S+)/);
  const [, consoleUrl] = await started.waitForOutput(/console on (http:\/\/\S+)\/entrar/);
  return {
    process: started,
    url: url ?? '',
    consoleUrl: consoleUrl ?? '',
    internalUrl: internalUrl ?? '',
    metricsUrl: metricsUrl ?? '',
  };
}

test('boots on a fresh data folder, is ready, and stops on SIGTERM within 10 s', async () => {
  const { process: standalone, url, consoleUrl, internalUrl, metricsUrl } = await startStandalone();
  if (!asRoot) expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
  expect(standalone.output()).toContain('"applied":["0001-outbox"');
  // The first start creates the demo account's administrator and shows its password once, on the terminal only:
  // the JSON log lines never carry it.
  const [, email = '', password = ''] = await standalone.waitForOutput(/e-mail: (\S+)\n\s+senha:\s+(\S+)/);
  demoAdmin = { email, password };
  expect(
    standalone
      .output()
      .split('\n')
      .filter((line) => line.includes(password)),
  ).toEqual([expect.stringMatching(/^\s+senha:/)]);

  const ready = await fetch(`${internalUrl}/readyz`);
  expect(ready.status).toBe(200);
  const body = (await ready.json()) as { data: { checks: Record<string, string> }[] };
  expect(body.data[0]?.checks).toEqual(
    expect.objectContaining({ database: 'ok', broker: 'ok', 'archive.storage': 'ok' }),
  );

  const [, originUrl] = await standalone.waitForOutput(/^origin simulator on (http:\/\/\S+)/m);
  const [, sandboxOriginUrl] = await standalone.waitForOutput(/sandbox origin simulator on (http:\/\/\S+)/);
  const samples = await fetch(`${originUrl}/control/samples`);
  expect(samples.status).toBe(200);

  // The public listener serves the API only (decision 0054): probes, status routes and the admin API are internal.
  for (const path of ['/healthz', '/readyz', '/origin-session/status', '/reconciler/status', '/admin/v1/accounts/x']) {
    expect({ path, status: (await fetch(`${url}${path}`)).status }).toEqual({ path, status: 404 });
  }
  expect((await fetch(`${internalUrl}/healthz`)).status).toBe(200);
  expect((await fetch(`${internalUrl}/origin-session/status`)).status).toBe(200);
  expect((await fetch(`${internalUrl}/reconciler/status`)).status).toBe(200);

  // The metrics listener serves Prometheus's text, and nothing else (decision 0062).
  const exposition = await fetch(metricsUrl);
  expect(exposition.status).toBe(200);
  expect(await exposition.text()).toMatch(/^nodejs_eventloop_delay_p99/m);
  expect((await fetch(new URL('/healthz', metricsUrl))).status).toBe(404);

  // Nothing but the API, the console, the internal and metrics listeners and the simulators (they stand in for the
  // external origin, production's and the sandbox's) listens: no document store port.
  const ports = [url, consoleUrl, internalUrl, metricsUrl, originUrl ?? '', sandboxOriginUrl ?? ''].map((address) =>
    Number(new URL(address).port),
  );
  expect(listeningPorts(standalone.child.pid ?? 0)).toEqual(ports.sort((a, b) => a - b));

  // The database's superuser password was generated, is kept 0600, and is the only one the cluster accepts.
  const passwordFile = path.join(dataDir, 'pg-password');
  expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
  expect(await logsIn(readFileSync(passwordFile, 'utf8').trim())).toBe(true);
  expect(await logsIn('postgres')).toBe(false);

  const unknown = await fetch(`${url}/v1/nada`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual(expect.objectContaining({ code: 404 }));

  const { exit } = await standalone.stop('SIGTERM');
  // The output is in the expectation so that a failed shutdown shows why.
  expect({ exit, output: exit === 0 ? '' : standalone.output() }).toEqual({ exit: 0, output: '' });
  // Exit 0 is the 10 s bound: exitOnSignal exits 1 past SHUTDOWN_DEADLINE_MS (no wall time of the machine's; 0120).
});

test('the console listens, and the administrator the first start printed signs in and sees the demo account', async () => {
  const { process: standalone, url, consoleUrl, metricsUrl } = await startStandalone();
  const visitor = new ConsoleVisitor(consoleUrl);
  const signIn = await visitor.signIn(demoAdmin.email, demoAdmin.password);
  expect({ status: signIn.status, location: signIn.headers.get('location') }).toEqual({ status: 303, location: '/' });
  const home = await visitor.request('/');
  expect(home.status).toBe(200);
  const page = await home.text();
  expect(page).toContain(DEMO_ACCOUNT_NAME);
  expect(page).toMatch(/R\$\s500,00/);
  // The test mode (decision 0146): the switch opens the demo account's sandbox, whose balance the gateway fills.
  const switched = await visitor.request('/modo-teste', { form: { csrf: csrfOf(page), modo: 'teste', voltar: '/' } });
  expect({ status: switched.status, location: switched.headers.get('location') }).toEqual({
    status: 303,
    location: '/',
  });
  const sandboxHome = await (await visitor.request('/')).text();
  expect(sandboxHome).toContain('id="faixa-teste"');
  expect(sandboxHome).toMatch(/R\$\s10\.000,00/);
  // The console answers in HTML, its 404 included; the API's listener does not serve its pages.
  const missing = await fetch(`${consoleUrl}/nada`);
  expect({ status: missing.status, type: missing.headers.get('content-type') }).toEqual({
    status: 404,
    type: expect.stringContaining('text/html'),
  });
  expect((await fetch(`${url}/entrar`)).status).toBe(404);
  // Its requests are counted by route template on the one metrics listener.
  expect(await (await fetch(metricsUrl)).text()).toMatch(
    /http_server_request_duration_count\{[^}]*http_route="\/entrar"/,
  );

  const { exit } = await standalone.stop('SIGTERM');
  expect({ exit, output: exit === 0 ? '' : standalone.output() }).toEqual({ exit: 0, output: '' });
});

test('a second start reuses the data: nothing left to migrate, ready again', async () => {
  const { process: standalone, internalUrl } = await startStandalone();
  expect(standalone.output()).toContain('"applied":[]');
  expect((await fetch(`${internalUrl}/readyz`)).status).toBe(200);
  // The demo administrator is created once: no second account, no password printed again.
  expect(standalone.output()).not.toContain('senha:');
  expect(standalone.output()).toContain(FIRST_USER_HINT);
  const { exit } = await standalone.stop('SIGTERM');
  // The output is in the expectation so that a failed shutdown shows why.
  expect({ exit, output: exit === 0 ? '' : standalone.output() }).toEqual({ exit: 0, output: '' });
  // Exit 0 is the 10 s bound: exitOnSignal exits 1 past SHUTDOWN_DEADLINE_MS (no wall time of the machine's; 0120).
});

test("a teste token's search, certificate and watch run on the sandbox's simulator only; production's origin and money stay untouched", async () => {
  // A certificate's 4-hour term in under 2 s (docs/decisions/0099), a daily watch every 8.64 s; the watch job every
  // second and local webhook endpoints (both settings, decision 0141) for the watch's change event.
  const {
    process: standalone,
    url,
    internalUrl,
  } = await startStandalone({
    SANDBOX_TIME_SCALE: '0.0001',
    WATCH_RUNS_EVERY_MS: '1000',
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
  });
  const [, originUrl = ''] = await standalone.waitForOutput(/^origin simulator on (http:\/\/\S+)/m);
  const [, sandboxOriginUrl = ''] = await standalone.waitForOutput(/sandbox origin simulator on (http:\/\/\S+)/);
  const adminToken = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  const admin = (method: string, route: string, body?: unknown) =>
    callJson(`${internalUrl}${route}`, { method, token: adminToken, ...(body === undefined ? {} : { body }) });
  // An account with no money at all in production.
  const accountId = String(
    (await admin('POST', '/admin/v1/accounts', { name: 'Integradora' })).body.data[0]?.account_id,
  );
  const scopes = ['consultas:pesquisa-previa-bens', 'consultas:certidao-inteiro-teor'];
  const issued = await admin('POST', '/admin/v1/tokens', { account_id: accountId, scopes, ambiente: 'teste' });
  expect(issued.body.data[0]).toEqual(expect.objectContaining({ ambiente: 'teste' }));
  const token = String(issued.body.data[0]?.token);
  const execute = async (fonte: string, body: object) => {
    const accepted = await callJson(`${url}/v1/consultas/${fonte}`, {
      method: 'POST',
      token,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    // 200 when the fast sandbox finished it within the acceptance's own wait.
    expect([[200, 202].includes(accepted.status), accepted.headers.get('x-regapi-ambiente')]).toEqual([true, 'teste']);
    // The wait it is told is on the sandbox's clock (decision 0136): seconds, not production's 72 / 10 s.
    if (accepted.status === 202) expect(Number(accepted.body.data[0]?.consultar_daqui_s)).toBeLessThanOrEqual(3);
    return String(accepted.body.data[0]?.protocolo);
  };
  const finished = (protocolo: string) =>
    waitFor(
      async () => {
        const answer = await callJson(`${url}/v1/consultas/${protocolo}`, { token });
        return answer.status === 200 ? answer : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: `the sandbox result of ${protocolo}` },
    );

  const [owner] = await createSimulatorControl(sandboxOriginUrl).samples();
  const imovel = owner?.imoveis[0];
  if (owner === undefined || imovel === undefined) throw new Error('the sandbox simulator has no sample owner');
  const searchBody = { cpf_cnpj: owner.cpfCnpj, uf: owner.uf };
  // The sandbox's origin-session syncs its catalog from its simulator as it starts: prices from then on.
  await waitFor(
    async () => {
      const quote = await callJson(`${url}/v1/orcamento/pesquisa-previa-bens`, {
        method: 'POST',
        token,
        body: searchBody,
      });
      return quote.body.code === 200;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: "the sandbox's catalog" },
  );
  // GET /v1/status for a teste token: the sandbox's expected waits, on its clock (decision 0136).
  const status = await callJson(`${url}/v1/status`, { token });
  for (const line of status.body.data) expect(Number(line.espera_prevista_s)).toBeLessThanOrEqual(3);
  const search = await finished(await execute('pesquisa-previa-bens', searchBody));
  expect(search.body.data[0]).toEqual(expect.objectContaining({ nada_consta: false }));
  const certificate = await finished(
    await execute('certidao-inteiro-teor', {
      cpf_cnpj: owner.cpfCnpj,
      imovel_matricula: imovel.matricula,
      imovel_cartorio: imovel.cartorioNumero,
      imovel_municipio: imovel.cartorioMunicipio,
      imovel_uf: imovel.cartorioUf,
    }),
  );
  expect(certificate.body.data[0]).toEqual(expect.objectContaining({ status_consulta: 'SUCESSO' }));

  // Issue 30 in the standalone shape: a watch whose findings change gives one change event per changed run.
  const hooks = await startHookReceiver();
  try {
    await expectOneEventPerChangedRun(sandboxApi(url, token), hooks);
  } finally {
    await hooks.close();
  }

  // The sandbox's simulator received all; production's origin nothing; production's balance is still zero.
  const operations = ((await createSimulatorControl(sandboxOriginUrl).receivedOrders?.()) ?? []).map(
    (order) => order.operation,
  );
  expect(operations).toEqual(expect.arrayContaining(['search', 'certificate']));
  const productionOrders = ((await createSimulatorControl(originUrl).receivedOrders?.()) ?? []).filter((order) =>
    ['search', 'record-view', 'certificate'].includes(order.operation),
  );
  expect(productionOrders).toEqual([]);
  const account = await admin('GET', `/admin/v1/accounts/${accountId}`);
  expect(account.body.data[0]).toEqual(expect.objectContaining({ balance_centavos: 0 }));

  const { exit } = await standalone.stop('SIGTERM');
  expect({ exit, output: exit === 0 ? '' : standalone.output() }).toEqual({ exit: 0, output: '' });
});
