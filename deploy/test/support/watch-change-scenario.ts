import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callJson, type JsonAnswer, waitFor } from '@regapi/testkit';

/**
 * Issue 30 "Done when", for either run mode: a sandbox watch whose result changes between two runs produces exactly
 * one change event and one correct diff. The sandbox identity's findings alternate between runs (decision 0162); the
 * gateway places each run as an order (0164) and compares the finished run; the webhooks service delivers one signed
 * `monitoramento.alteracao` per changed run (0165).
 */

/** The sandbox identity whose search finds a third record every other run (docs/sandbox.md). */
export const CHANGING_CPF = '999.900.001-07';

export interface ReceivedEvent {
  readonly headers: IncomingHttpHeaders;
  readonly body: { type: string; data: Record<string, unknown> };
}

/** A local endpoint that records every delivery it receives and answers 204. */
export interface HookReceiver {
  readonly url: string;
  readonly received: readonly ReceivedEvent[];
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const received: ReceivedEvent[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) as ReceivedEvent['body'] });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Api = (method: string, path: string, body?: unknown, key?: string) => Promise<JsonAnswer>;

/** A sandbox customer's calls on the public API at `baseUrl` with `token`. */
export function sandboxApi(baseUrl: string, token: string): Api {
  return (method, path, body, key) =>
    callJson(`${baseUrl}${path}`, {
      method,
      token,
      ...(body === undefined ? {} : { body }),
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
}

interface Run {
  readonly resultado: string;
  readonly protocolo: string | null;
  readonly diferencas: { resumo?: string } | null;
}

/**
 * Subscribes `hooks` to the change event, creates a daily watch on the changing identity and checks: the first two
 * compared runs are `primeira` then `alteracao` with the diff, the event carries that diff, signed; once paused and
 * settled, every changed run was exactly one event and every run an order listed with the watch.
 */
export async function expectOneEventPerChangedRun(api: Api, hooks: HookReceiver): Promise<void> {
  const hook = await api('POST', '/v1/webhooks', { url: hooks.url, eventos: ['monitoramento.alteracao'] });
  expect(hook.status).toBe(201);
  const created = await api(
    'POST',
    '/v1/monitoramentos',
    { tipo: 'pessoa', frequencia: 'diaria', referencia: 'carteira-e2e', pedido: { cpf_cnpj: CHANGING_CPF, uf: 'DF' } },
    randomUUID(),
  );
  expect(created.status).toBe(201);
  const watchId = String(created.body.data[0]?.id);

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

  const events = await waitFor(async () => (hooks.received.length >= 1 ? hooks.received : undefined), {
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
  await waitFor(async () => (hooks.received.length >= changes.length ? true : undefined), {
    timeoutMs: 30_000,
    intervalMs: 100,
    what: 'one event per changed run',
  });
  const ids = hooks.received.map((item) => item.headers['webhook-id']);
  expect(new Set(ids).size).toBe(hooks.received.length);
  expect(hooks.received.map((item) => item.body.data.protocolos)).toEqual(changes.map((run) => [run.protocolo]));

  // Each run is an ordinary order of the watch, listed with it.
  const orders = await api('GET', `/v1/consultas?monitoramento=${watchId}`);
  const listed = (orders.body.data[0]?.consultas as unknown[] | undefined) ?? [];
  expect(listed).toHaveLength(settled.filter((run) => run.protocolo !== null).length);
}
