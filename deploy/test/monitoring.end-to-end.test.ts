import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callJson, type JsonAnswer, waitFor } from '@regapi/testkit';
import { startSystem, type TestSystem } from './support/system';

// Issue 30 "Done when": a watch whose result changes between two runs produces exactly one change event and one
// correct diff — through the whole system: the gateway places each run as an order (decision 0164), origin-session
// runs it against the sandbox's simulator (an identity whose findings alternate between runs, decision 0162), the
// gateway compares the finished run, and the webhooks service delivers one signed `monitoramento.alteracao`.

jest.setTimeout(120_000);

/** The sandbox's clock: a daily watch runs every 8.64 s, a weekly one every 60.48 s, a search takes milliseconds. */
const TIME_SCALE = 0.0001;
const SANDBOX_DAY_MS = 86_400_000 * TIME_SCALE;
const CHANGING_CPF = '999.900.001-07';
/** A sandbox record that gains one act with each order of it (decision 0175). */
const GROWING_RECORD = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '9999042',
  imovel_cartorio: 1,
  imovel_municipio: 'Brejo Novo',
  imovel_uf: 'AC',
};

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: { type: string; data: Record<string, unknown> };
}

let system: TestSystem;
let endpoint: Server;
let endpointUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) as Received['body'] });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
  system = await startSystem({ sandbox: true, timeScale: TIME_SCALE, webhooks: true, watchRunsEveryMs: 1_000 });
});

afterAll(async () => {
  await system?.close();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

function sandboxOf(current: TestSystem) {
  if (current.sandbox === undefined) throw new Error('the system was started without its sandbox');
  return current.sandbox;
}

test("a sandbox watch whose findings change: one change event per changed run, with the run's diff", async () => {
  const { token } = await sandboxOf(system).customer();
  const api = (method: string, path: string, body?: unknown, key?: string): Promise<JsonAnswer> =>
    callJson(`${system.url}${path}`, {
      method,
      token,
      ...(body === undefined ? {} : { body }),
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });

  const hook = await api('POST', '/v1/webhooks', { url: endpointUrl, eventos: ['monitoramento.alteracao'] });
  expect(hook.status).toBe(201);
  const created = await api(
    'POST',
    '/v1/monitoramentos',
    { tipo: 'pessoa', frequencia: 'diaria', referencia: 'carteira-e2e', pedido: { cpf_cnpj: CHANGING_CPF, uf: 'DF' } },
    randomUUID(),
  );
  expect(created.status).toBe(201);
  const watchId = String(created.body.data[0]?.id);

  type Run = { resultado: string; protocolo: string | null; diferencas: { resumo?: string } | null };
  const runs = async (): Promise<Run[]> => {
    const history = await api('GET', `/v1/monitoramentos/${watchId}/execucoes`);
    return ((history.body.data[0]?.execucoes as Run[] | undefined) ?? []).slice().reverse();
  };
  // Two runs compared: the first is the baseline, the second finds the third record.
  const compared = await waitFor(
    async () => {
      const all = (await runs()).filter((run) => run.resultado !== 'em_andamento');
      return all.length >= 2 ? all : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'two compared runs of the watch' },
  );
  expect(compared.slice(0, 2).map((run) => run.resultado)).toEqual(['primeira', 'alteracao']);
  const changed = compared[1];
  expect(changed?.diferencas?.resumo).toBe('1 imóvel novo em DF.');

  const events = await waitFor(async () => (received.length >= 1 ? received : undefined), {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: 'the change event',
  });
  const [event] = events;
  expect(event?.body.type).toBe('monitoramento.alteracao');
  expect(event?.headers['webhook-signature']).toEqual(expect.stringMatching(/^v1,/));
  expect(event?.body.data).toEqual(
    expect.objectContaining({
      monitoramento: watchId,
      tipo: 'pessoa',
      referencia_monitoramento: 'carteira-e2e',
      protocolos: [changed?.protocolo],
      resumo: '1 imóvel novo em DF.',
      diferencas: changed?.diferencas,
    }),
  );

  // Every changed run is one event, no more: pause the watch, let what is in flight settle, and count.
  expect((await api('POST', `/v1/monitoramentos/${watchId}/pausar`)).status).toBe(200);
  const settled = await waitFor(
    async () => {
      const all = await runs();
      return all.every((run) => run.resultado !== 'em_andamento') ? all : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'the runs in flight to be compared' },
  );
  const changes = settled.filter((run) => run.resultado === 'alteracao');
  await waitFor(async () => (received.length >= changes.length ? true : undefined), {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: 'one event per changed run',
  });
  const ids = received.map((item) => item.headers['webhook-id']);
  expect(new Set(ids).size).toBe(received.length);
  expect(received.map((item) => item.body.data.protocolos)).toEqual(changes.map((run) => [run.protocolo]));

  // Each run is an ordinary order of the watch, listed with it.
  const orders = await api('GET', `/v1/consultas?monitoramento=${watchId}`);
  const listed = (orders.body.data[0]?.consultas as unknown[] | undefined) ?? [];
  expect(listed).toHaveLength(settled.filter((run) => run.protocolo !== null).length);
});

test("a sandbox record watch runs every week of the sandbox's clock and reports the act its record gained", async () => {
  // Decision 0175: the 7-day block meets a sandbox watch's run on the sandbox's clock (60.48 s here) and the sandbox's
  // origin blocks on it too, so the second view comes within the test, not 7 real days later.
  const { token } = await sandboxOf(system).customer();
  const api = (method: string, path: string, body?: unknown): Promise<JsonAnswer> =>
    callJson(`${system.url}${path}`, {
      method,
      token,
      ...(body === undefined ? {} : { body, headers: { 'idempotency-key': randomUUID() } }),
    });
  expect((await api('POST', '/v1/webhooks', { url: endpointUrl, eventos: ['monitoramento.alteracao'] })).status).toBe(
    201,
  );
  const created = await api('POST', '/v1/monitoramentos', {
    tipo: 'matricula',
    frequencia: 'semanal',
    pedido: GROWING_RECORD,
  });
  expect(created.status).toBe(201);
  const watchId = String(created.body.data[0]?.id);

  type Run = {
    planejada_em: string;
    resultado: string;
    protocolo: string | null;
    motivo: string | null;
    diferencas: { resumo?: string; atos_novos?: { tipo: string; natureza: string | null }[] } | null;
  };
  const runs = async (): Promise<Run[]> => {
    const history = await api('GET', `/v1/monitoramentos/${watchId}/execucoes`);
    return ((history.body.data[0]?.execucoes as Run[] | undefined) ?? []).slice().reverse();
  };
  const compared = await waitFor(
    async () => {
      const all = await runs();
      return all.some((run) => run.resultado === 'alteracao') ? all : undefined;
    },
    { timeoutMs: 110_000, intervalMs: 500, what: "the record watch's second view compared" },
  );
  expect((await api('POST', `/v1/monitoramentos/${watchId}/pausar`)).status).toBe(200);

  // The second planned run falls inside the first view's block (7 compressed days to the start of the next compressed
  // day, as production's 7 days run to the end of the office's day): moved past it, then placed — a compressed day
  // later at most, never real days.
  const [first, postponed, second] = compared;
  expect(compared.map((run) => run.resultado)).toEqual(['primeira', 'adiada_por_bloqueio', 'alteracao']);
  expect(first?.diferencas?.resumo).toMatch(/^Primeira visualização: \d+ atos, o último R\.\d+ \(penhora\)\.$/);
  expect(postponed?.motivo).toMatch(/relógio do sandbox; a execução foi movida para /);
  const week = 7 * SANDBOX_DAY_MS;
  const firstAt = Date.parse(first?.planejada_em ?? '');
  expect(Date.parse(postponed?.planejada_em ?? '') - firstAt).toBe(Math.round(week));
  const late = Date.parse(second?.planejada_em ?? '') - firstAt - week;
  expect(late).toBeGreaterThan(0);
  expect(late).toBeLessThanOrEqual(SANDBOX_DAY_MS + 5_000);
  expect(second?.diferencas?.atos_novos).toEqual([expect.objectContaining({ tipo: 'AV', natureza: 'cancelamento' })]);
  expect(second?.diferencas?.resumo).toMatch(/^1 ato novo: AV\.\d+ \(cancelamento\)\.$/);

  // Exactly one change event, for the changed run.
  const ours = () => received.filter((item) => item.body.data.monitoramento === watchId);
  await waitFor(async () => (ours().length >= 1 ? true : undefined), {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: 'the change event',
  });
  // Nothing else in flight: a third run is a compressed week away and the watch is paused.
  await waitFor(async () => ((await runs()).every((run) => run.resultado !== 'em_andamento') ? true : undefined), {
    timeoutMs: 30_000,
    intervalMs: 200,
    what: 'no run in flight',
  });
  expect(ours().map((item) => [item.body.type, item.body.data.protocolos])).toEqual([
    ['monitoramento.alteracao', [second?.protocolo]],
  ]);
}, 180_000);
