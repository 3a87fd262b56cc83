import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { callJson, freePort, type JsonAnswer, type Spawned, spawnCaptured, waitFor } from '@regapi/testkit';
import { SANDBOX_SIM_PORT_FILE } from '../src/standalone/sandbox-simulator-port';
import { ROOT } from './build-once';
import { useRestartDataDir } from './support/restart-data-dir';

// Issue 29 item 1, as a new integrator lived it: `pnpm start`, a `teste` certificate accepted and debited, the system
// stopped while the certificate waits for its office, started again on the same DATA_DIR. The sandbox's simulator
// must be back on its port (DATA_DIR/sandbox-simulator-port), still knowing the certificate (its orders file, decision
// 0157), and the certificate must be delivered, debited once — never left processing.

jest.setTimeout(240_000);

const system = useRestartDataDir('regapi-sandbox-restart-');
const { dataDir } = system;

interface Standalone {
  readonly process: Spawned;
  readonly url: string;
  readonly sandboxSimPort: number;
}

/** `pnpm start` on DATA_DIR, SANDBOX_SIM_PORT unset, in its own process group: SIGKILL takes its PostgreSQL too. */
async function startStandalone(): Promise<Standalone> {
  const { SANDBOX_SIM_PORT: _unset, ...inherited } = process.env;
  const started = spawnCaptured(process.execPath, [path.join(ROOT, 'deploy/dist/standalone/main.js')], {
    cwd: ROOT,
    detached: true,
    env: {
      ...inherited,
      PORT: '0',
      INTERNAL_PORT: '0',
      METRICS_PORT: '0',
      CONSOLE_PORT: '0',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SIM_PORT: String(await freePort()),
      // A certificate's 4-hour term in about 7 s (decision 0136): long enough to stop the system while it waits.
      SANDBOX_TIME_SCALE: '0.0005',
      LOG_LEVEL: 'info',
    },
  });
  system.running = started;
  const [, url = ''] = await started.waitForOutput(/regapi standalone listening on (http:\/\/\S+)/, 90_000);
  const [, simulatorUrl = ''] = await started.waitForOutput(/sandbox origin simulator on (http:\/\/\S+)/);
  return { process: started, url, sandboxSimPort: Number(new URL(simulatorUrl).port) };
}

async function stop(standalone: Standalone, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const { exit } = await standalone.process.stop(signal);
  system.running = undefined;
  // A SIGKILL reaches the whole group at once, but its PostgreSQL's processes die after the launcher: the next start
  // waits until none is left (a cluster whose old processes still hold it does not start).
  const group = standalone.process.child.pid ?? 0;
  await waitFor(() => !groupAlive(group), { timeoutMs: 30_000, what: `process group ${group} to be gone` });
  // The output is in the expectation so that a failed shutdown shows why.
  const expected = signal === 'SIGTERM' ? 0 : 'SIGKILL';
  expect({ exit, output: exit === expected ? '' : standalone.process.output() }).toEqual({
    exit: expected,
    output: '',
  });
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

function rememberedPort(): number {
  return Number(readFileSync(path.join(dataDir, SANDBOX_SIM_PORT_FILE), 'utf8').trim());
}

/** Every file the sandbox's archive stored, by name: a delivered document is one of them. */
function sandboxDocuments(): string[] {
  const folder = path.join(dataDir, 'documents-sandbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** A `teste` token for a new account, issued with the admin token DATA_DIR keeps (docs/sandbox.md). */
async function sandboxToken(internalUrl: string): Promise<string> {
  const adminToken = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  const admin = (route: string, body: unknown) =>
    callJson(`${internalUrl}${route}`, { method: 'POST', token: adminToken, body });
  const created = await admin('/admin/v1/accounts', { name: 'Integradora do issue 29' });
  const issued = await admin('/admin/v1/tokens', {
    account_id: String(created.body.data[0]?.account_id),
    scopes: ['consultas:certidao-inteiro-teor'],
    ambiente: 'teste',
  });
  return String(issued.body.data[0]?.token);
}

/** docs/sandbox.md: office 1 of Brejo Novo (AC) issues these records' certificates at their forecast. */
const certificateOf = (matricula: string) => ({
  cpf_cnpj: '474.906.754-72',
  imovel_matricula: matricula,
  imovel_cartorio: 1,
  imovel_municipio: 'Brejo Novo',
  imovel_uf: 'AC',
});

/** The customer's side: the API with the `teste` token. */
function customerApi(url: string, token: string) {
  return (route: string, body?: unknown): Promise<JsonAnswer> =>
    callJson(`${url}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      token,
      ...(body === undefined ? {} : { body, headers: { 'idempotency-key': randomUUID() } }),
    });
}

/** Accepts a certificate and waits until it waits for its office (EM_EMISSAO): placed at the simulator, debited. */
async function certificateInIssue(api: ReturnType<typeof customerApi>, matricula: string): Promise<string> {
  const accepted = await api('/v1/consultas/certidao-inteiro-teor', certificateOf(matricula));
  expect({ status: accepted.status, ambiente: accepted.headers.get('x-regapi-ambiente') }).toEqual({
    status: 202,
    ambiente: 'teste',
  });
  const protocolo = String(accepted.body.data[0]?.protocolo);
  await waitFor(async () => (await api(`/v1/consultas/${protocolo}`)).body.data[0]?.status_consulta === 'EM_EMISSAO', {
    timeoutMs: 30_000,
    intervalMs: 50,
    what: `certificate ${protocolo} in issue`,
  });
  return protocolo;
}

/** After the restart: the certificate ends (never stays processing), its document stored, debited exactly once. */
async function expectDeliveredOnce(
  api: ReturnType<typeof customerApi>,
  protocolo: string,
  standalone: Standalone,
): Promise<void> {
  let last: JsonAnswer | undefined;
  const final = await waitFor(
    async () => {
      last = await api(`/v1/consultas/${protocolo}`);
      return last.status === 200 ? last : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `the end of certificate ${protocolo}` },
  ).catch((error: unknown) => {
    // What it was stuck at, and what the system logged meanwhile.
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; last answer: ${JSON.stringify(last?.body)}\n${standalone.process.output()}`,
    );
  });
  expect(final.body.data[0]).toEqual(expect.objectContaining({ status_consulta: 'SUCESSO' }));
  // Delivered: the signed PDF the archive fetched from the simulator after the restart.
  const document = await fetch(`${standalone.url}${String(final.body.data[0]?.documento_url)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect({ status: document.status, type: document.headers.get('content-type') }).toEqual({
    status: 200,
    type: 'application/pdf',
  });
  const lines = (await api('/v1/extrato')).body.data.filter((line) => line.protocolo === protocolo);
  expect(lines.map((line) => line.tipo)).toEqual(['debito']);
}

let token = '';
let afterFirstRestart: Standalone | undefined;

test('a teste certificate accepted before a SIGTERM is delivered after the restart, on the same simulator port, debited once', async () => {
  const first = await startStandalone();
  expect(rememberedPort()).toBe(first.sandboxSimPort);
  const [, internalUrl = ''] = await first.process.waitForOutput(/internal listener \S.* on (http:\/\/\S+)/);
  token = await sandboxToken(internalUrl);
  const api = customerApi(first.url, token);
  // The sandbox's origin-session syncs its catalog from its simulator as it starts: orders are priced from then on.
  await waitFor(
    async () => (await api('/v1/orcamento/certidao-inteiro-teor', certificateOf('39240'))).body.code === 200,
    { timeoutMs: 30_000, intervalMs: 200, what: "the sandbox's catalog" },
  );
  const protocolo = await certificateInIssue(api, '39240');
  await stop(first, 'SIGTERM');
  // Stopped before its office issued it: nothing was stored yet, the delivery is the restarted system's.
  expect(sandboxDocuments()).toEqual([]);

  const second = await startStandalone();
  afterFirstRestart = second;
  expect({ port: second.sandboxSimPort, file: rememberedPort() }).toEqual({
    port: first.sandboxSimPort,
    file: first.sandboxSimPort,
  });
  await expectDeliveredOnce(customerApi(second.url, token), protocolo, second);
});

test('a teste certificate accepted before a SIGKILL of the whole system is delivered after the restart, debited once', async () => {
  const killed = afterFirstRestart;
  if (killed === undefined) throw new Error('the first test did not leave the system running');
  const before = sandboxDocuments();
  const protocolo = await certificateInIssue(customerApi(killed.url, token), '34500');
  await stop(killed, 'SIGKILL');
  expect(sandboxDocuments()).toEqual(before);

  const restarted = await startStandalone();
  expect({ port: restarted.sandboxSimPort, file: rememberedPort() }).toEqual({
    port: killed.sandboxSimPort,
    file: killed.sandboxSimPort,
  });
  await expectDeliveredOnce(customerApi(restarted.url, token), protocolo, restarted);
  await stop(restarted, 'SIGTERM');
});
