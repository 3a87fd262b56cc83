import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { lastCatalogSync } from '@regapi/catalog';
import type { OriginSample } from '@regapi/origin';
import { createSimulatorControl, propertyRequest } from '@regapi/origin-simulator';
import {
  callJson,
  createTestDatabase,
  createTestVhost,
  type JsonAnswer,
  spawnCaptured,
  startTestS3,
  type TestDatabase,
  type TestS3,
  type TestVhost,
  waitFor,
} from '@regapi/testkit';
import { type K8sObject, renderOverlay, type StandIn } from '../src/k8s';
import { buildWorkspace, ROOT } from './build-once';
import { assembleImageTree, type ImageTree } from './support/image-tree';
import {
  type LocalOverlay,
  planLocalPods,
  probePasses,
  type RunningPod,
  runPod,
  startLocalOverlay,
} from './support/local-overlay';

// Issue 14, "proven here": the local overlay's pods, each run here as a process with exactly the environment the
// manifests give it, changed only by the rules of decision 0069 (Service hosts and store accounts mapped to this
// machine's PostgreSQL, RabbitMQ, S3 and the simulator pod; listener ports to free ones). Every pod becomes ready by
// its own readiness probe, one order of each product completes through two gateways, and the active origin-session
// killed mid-order leaves the standby to finish it with one origin order. The simulator runs at its default
// SIM_TIME_SCALE (0.05: the overlay sets none), so a search takes seconds.

jest.setTimeout(150_000);

let objects: K8sObject[];
let database: TestDatabase;
let vhost: TestVhost;
let s3: TestS3;
let standIns: StandIn[];
let overlay: LocalOverlay | undefined;
let tree: ImageTree | undefined;
let gateways: RunningPod[];
let token: string;
let simulatorUrl: string;

/** The named port of a running pod, here. */
function portOf(pod: RunningPod, name: string): number {
  const containerPort = pod.process.container.ports?.find((p) => p.name === name)?.containerPort;
  const port = containerPort === undefined ? undefined : pod.ports.get(containerPort);
  if (port === undefined) throw new Error(`${pod.name} has no port ${name}`);
  return port;
}

const logsOf = (overlayNow: LocalOverlay | undefined) =>
  (overlayNow?.pods ?? []).map((pod) => `--- ${pod.name} ---\n${pod.spawned.output().slice(-2500)}`).join('\n');

beforeAll(async () => {
  buildWorkspace();
  objects = await renderOverlay('local');
  // The migration Job creates the schema, as in the cluster.
  database = await createTestDatabase({ migrate: false });
  vhost = await createTestVhost();
  // The archive creates the manifests' bucket, as it does in the cluster against minio.
  s3 = await startTestS3();
  standIns = [
    { service: 'postgres', url: database.url },
    { service: 'rabbitmq', port: 'amqp', url: vhost.url },
    { service: 'minio', url: s3.endpoint, account: { username: 'S3RVER', password: 'S3RVER' } },
  ];
  // The containers run what the image holds: its file tree, assembled by the Dockerfile's own script.
  tree = assembleImageTree();
  overlay = await startLocalOverlay(objects, standIns, tree);
  gateways = overlay.replicasOf('gateway');
  const [simulator] = overlay.replicasOf('origin-simulator');
  if (simulator === undefined) throw new Error('no simulator pod');
  simulatorUrl = `http://127.0.0.1:${portOf(simulator, 'http')}`;
  // Orders are refused (602) until origin-session's first catalog sync has filled the offices.
  await waitFor(() => lastCatalogSync(database.db), { timeoutMs: 30_000, what: 'the first catalog sync' }).catch(
    (error: unknown) => {
      throw new Error(`${String(error)}\n${logsOf(overlay)}`);
    },
  );
  token = await customerToken();
});

afterAll(async () => {
  await overlay?.stop();
  await s3?.close();
  await vhost?.delete();
  await database?.drop();
  tree?.remove();
});

/** An account with money and every scope, through the ops CLI with the admin token the rendered Secret holds. */
async function customerToken(): Promise<string> {
  const [gateway] = gateways;
  if (gateway === undefined) throw new Error('no gateway');
  const ops = async (...args: string[]) => {
    const cli = spawnCaptured(process.execPath, [path.join(ROOT, 'services/gateway/dist/ops/cli.js'), ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        REGAPI_ADMIN_URL: `http://127.0.0.1:${portOf(gateway, 'internal')}`,
        ADMIN_TOKEN: gateway.env.ADMIN_TOKEN ?? '',
      },
    });
    if ((await cli.exited) !== 0) throw new Error(`ops ${args.join(' ')}: ${cli.output()}`);
    return JSON.parse(cli.output()) as Record<string, string>;
  };
  const { account_id: account = '' } = await ops('account', 'create', '--name', 'Manifestos S.A.');
  await ops('account', 'credit', '--account', account, '--amount', '500.00');
  const scopes = 'consultas:pesquisa-previa-bens,consultas:visualizacao-matricula,consultas:certidao-inteiro-teor';
  const { token: issued = '' } = await ops('token', 'issue', '--account', account, '--scopes', scopes);
  return issued;
}

function api(gateway: RunningPod, pathname: string, body?: unknown): Promise<JsonAnswer> {
  return callJson(`http://127.0.0.1:${portOf(gateway, 'http')}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    token,
    ...(body === undefined ? {} : { body, headers: { 'idempotency-key': randomUUID() } }),
  });
}

/** Accepted through `accept`, polled through `poll` until `done`. */
async function order(
  [accept, poll]: readonly [RunningPod, RunningPod],
  fonte: string,
  body: unknown,
  done: (answer: JsonAnswer) => boolean,
): Promise<{ protocolo: string; answer: JsonAnswer }> {
  const accepted = await api(accept, `/v1/consultas/${fonte}`, body);
  expect({ status: accepted.status, body: accepted.status === 202 ? {} : accepted.body }).toEqual({
    status: 202,
    body: {},
  });
  const protocolo = String(accepted.body.data[0]?.protocolo);
  const answer = await waitFor(
    async () => {
      const polled = await api(poll, `/v1/consultas/${protocolo}`);
      return done(polled) ? polled : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `${fonte} ${protocolo}` },
  );
  return { protocolo, answer };
}

const final = (answer: JsonAnswer) => answer.status === 200;

function gatewayPair(): [RunningPod, RunningPod] {
  const [first, second] = gateways;
  if (first === undefined || second === undefined) throw new Error('fewer than two gateways');
  return [first, second];
}

interface ReceivedOrder {
  readonly operation: string;
  readonly input: Record<string, unknown>;
  readonly numero_pedido: string | null;
  readonly result: string;
}

async function receivedOrders(): Promise<ReceivedOrder[]> {
  const answer = (await (await fetch(`${simulatorUrl}/control/orders`)).json()) as { orders: ReceivedOrder[] };
  return answer.orders;
}

test('every pod of the overlay runs with the manifests environment, changed only by the listed rules, and is ready', async () => {
  const running = overlay?.pods ?? [];
  expect(running.map((pod) => pod.name).sort()).toEqual([
    'archive-0',
    'billing-0',
    'console-0',
    'gateway-0',
    'gateway-1',
    'origin-session-0',
    'origin-session-1',
    'origin-simulator-0',
    'reconciler-0',
    'webhooks-0',
  ]);
  expect(overlay?.jobs.map((job) => [job.pod.name, job.exit])).toEqual([['regapi-migrate-0', 0]]);
  for (const pod of running) {
    // Every probe the manifest declares (path and named port from it) passes.
    const { startupProbe, livenessProbe, readinessProbe } = pod.process.container;
    const probes = Object.entries({ startupProbe, livenessProbe, readinessProbe });
    for (const [kind, probe] of probes) {
      if (probe === undefined) continue;
      expect({ pod: pod.name, kind, passes: await probePasses(pod, probe) }).toEqual({
        pod: pod.name,
        kind,
        passes: true,
      });
    }
    // No variable added or dropped; the values changed are exactly the listed ones.
    expect(Object.keys(pod.env).sort()).toEqual(Object.keys(pod.process.env).sort());
    const changed = Object.keys(pod.env).filter((name) => pod.env[name] !== pod.process.env[name]);
    expect(changed.sort()).toEqual(pod.changes.map((change) => change.variable).sort());
  }
  // The changes, by rule, over every pod: what decision 0069 lists.
  const byRule = new Set(running.flatMap((pod) => pod.changes.map((c) => `${c.rule} ${c.variable}`)));
  expect([...byRule].sort()).toEqual([
    'listener port INTERNAL_PORT',
    'listener port METRICS_PORT',
    'listener port PORT',
    'listener port SIM_PORT',
    'service host AMQP_URL',
    'service host CONSOLE_API_URL',
    'service host DATABASE_URL',
    'service host ORIGIN_URL',
    'service host S3_ENDPOINT',
    'store account S3_ACCESS_KEY_ID',
    'store account S3_SECRET_ACCESS_KEY',
  ]);
});

test('the console pod serves its sign-in page and reaches a gateway through the Service its manifest names', async () => {
  const [consolePod] = overlay?.replicasOf('console') ?? [];
  if (consolePod === undefined) throw new Error('no console pod');
  const page = await fetch(`http://127.0.0.1:${portOf(consolePod, 'http')}/entrar`);
  expect({ status: page.status, type: page.headers.get('content-type') }).toEqual({
    status: 200,
    type: expect.stringContaining('text/html'),
  });
  expect(await page.text()).toContain('name="csrf"');
  // CONSOLE_API_URL names the gateway's Service (http://gateway:8080): here, the first gateway replica's public port.
  const [gateway] = gateways;
  expect(consolePod.env.CONSOLE_API_URL).toBe(
    `http://127.0.0.1:${gateway === undefined ? 0 : portOf(gateway, 'http')}`,
  );
  const unauthenticated = await fetch(`${consolePod.env.CONSOLE_API_URL}/v1/token`);
  expect(unauthenticated.status).toBe(401);
});

test('one order of each product completes, accepted and followed through both gateways', async () => {
  const [first, second] = gatewayPair();
  const samples: readonly OriginSample[] = await createSimulatorControl(simulatorUrl).samples();
  const owner = samples[0];
  const search = await order(
    [first, second],
    'pesquisa-previa-bens',
    { cpf_cnpj: owner?.cpfCnpj, uf: owner?.uf },
    final,
  );
  expect(search.answer.body.code).toBe(200);
  const view = await order([second, first], 'visualizacao-matricula', propertyRequest(owner), final);
  expect(view.answer.body.code).toBe(200);
  // The office issues in business hours (contract 2.6): ordered at the origin and in issue is where the certificate
  // order's own part ends; delivery is the reconciler's, hours later.
  const certificate = await order([first, second], 'certidao-inteiro-teor', propertyRequest(owner), (answer) =>
    ['EM_EMISSAO', 'SUCESSO'].includes(String(answer.body.data[0]?.status_consulta)),
  );
  expect(certificate.answer.body.data[0]?.status_consulta).toMatch(/EM_EMISSAO|SUCESSO/);
});

test('the active origin-session killed mid-order: the standby finishes it with one origin order', async () => {
  const [first, second] = gatewayPair();
  const sessions = overlay?.replicasOf('origin-session') ?? [];
  expect(sessions).toHaveLength(2);
  // The replica that calls the origin to place a record view is the active one (LOG_LEVEL=debug logs each call).
  const placements = (pod: RunningPod) =>
    pod.spawned.output().match(/"what":"record-view"[^\n]*"msg":"origin call"/g)?.length ?? 0;
  const before = sessions.map(placements);
  const owner = (await createSimulatorControl(simulatorUrl).samples())[6];
  const body = propertyRequest(owner);
  const accepted = await api(second, '/v1/consultas/visualizacao-matricula', body);
  expect(accepted.status).toBe(202);
  const protocolo = String(accepted.body.data[0]?.protocolo);
  const ours = async () =>
    (await receivedOrders()).filter(
      (entry) => entry.operation === 'record-view' && entry.input.matricula === body.imovel_matricula,
    );
  // The origin has the order and is still producing it: kill the replica waiting for the answer.
  await waitFor(async () => (await ours()).length === 1, { timeoutMs: 30_000, intervalMs: 10, what: 'the order' });
  expect((await ours())[0]?.result).toBe('EM_ANDAMENTO');
  const placing = (pod: RunningPod) => placements(pod) > (before[sessions.indexOf(pod)] ?? 0);
  const [active, ...others] = sessions.filter(placing);
  const [standby] = sessions.filter((pod) => !placing(pod));
  if (active === undefined || standby === undefined || others.length > 0) throw new Error('not one active replica');
  await active.spawned.stop('SIGKILL');

  const done = await waitFor(
    async () => {
      const polled = await api(first, `/v1/consultas/${protocolo}`);
      return final(polled) ? polled : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: `the record view ${protocolo} after the failover` },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logsOf(overlay)}`);
  });
  expect(done.body.code).toBe(200);
  expect(done.body.data[0]?.status_consulta).toBe('SUCESSO');
  expect(await ours()).toHaveLength(1);
  // The standby asked the origin before placing anything, and placed nothing.
  expect(standby.spawned.output()).toContain('the order is in doubt');
  expect(placements(standby)).toBe(before[sessions.indexOf(standby)]);
});

test('a manifest whose gateway names its key variable wrongly stops the gateway at start, naming the variable', async () => {
  const renamed = objects.map((object) => {
    if (object.kind !== 'Deployment' || object.metadata.name !== 'gateway') return object;
    const spec = structuredClone(object.spec) as { template: { spec: { containers: { env: { name: string }[] }[] } } };
    for (const container of spec.template.spec.containers) {
      container.env = container.env.map((e) => (e.name === 'JWT_KEYS' ? { ...e, name: 'JWT_KEY' } : e));
    }
    return { ...object, spec };
  });
  const gateway = (await planLocalPods(renamed, standIns)).find((pod) => pod.process.name === 'gateway');
  if (gateway === undefined) throw new Error('no gateway pod');
  if (tree === undefined) throw new Error('no image tree');
  const spawned = runPod(gateway, tree);
  expect(await spawned.exited).toBe(78);
  expect(spawned.output()).toContain('config: JWT_KEYS');
});
