import { randomUUID } from 'node:crypto';
import { waitFor } from '@regapi/testkit';
import { startSystem, type TestSystem } from './support/system';
import {
  expectOneEventPerChangedRun,
  type HookReceiver,
  sandboxApi,
  startHookReceiver,
} from './support/watch-change-scenario';

// Issue 30 "Done when", in the distributed shape (every service on RabbitMQ): a watch whose result changes between two
// runs produces exactly one change event and one correct diff. The standalone shape runs the same scenario in
// standalone.smoke.test.ts.

jest.setTimeout(120_000);

/** The sandbox's clock: a daily watch runs every 8.64 s, a weekly one every 60.48 s, a search takes milliseconds. */
const TIME_SCALE = 0.0001;
const SANDBOX_DAY_MS = 86_400_000 * TIME_SCALE;
/** A sandbox record that gains one act with each order of it (decision 0175). */
const GROWING_RECORD = {
  cpf_cnpj: '529.982.247-25',
  imovel_matricula: '9999042',
  imovel_cartorio: 1,
  imovel_municipio: 'Brejo Novo',
  imovel_uf: 'AC',
};

let system: TestSystem;
let hooks: HookReceiver;
/** The record watch's own endpoint, customer and watch: created first, so its compressed week runs beside the person test. */
let recordHooks: HookReceiver;
let recordApi: ReturnType<typeof sandboxApi>;
let recordWatchId: string;

beforeAll(async () => {
  [hooks, recordHooks] = await Promise.all([startHookReceiver(), startHookReceiver()]);
  system = await startSystem({ sandbox: true, timeScale: TIME_SCALE, webhooks: true, watchRunsEveryMs: 1_000 });
  if (system.sandbox === undefined) throw new Error('the system was started without its sandbox');
  recordApi = sandboxApi(system.url, (await system.sandbox.customer()).token);
  const hook = await recordApi('POST', '/v1/webhooks', { url: recordHooks.url, eventos: ['monitoramento.alteracao'] });
  if (hook.status !== 201) throw new Error(`the record watch's endpoint: ${hook.status}`);
  const created = await recordApi(
    'POST',
    '/v1/monitoramentos',
    { tipo: 'matricula', frequencia: 'semanal', pedido: GROWING_RECORD },
    randomUUID(),
  );
  if (created.status !== 201) throw new Error(`the record watch: ${created.status}`);
  recordWatchId = String(created.body.data[0]?.id);
});

afterAll(async () => {
  await system?.close();
  await Promise.all([hooks?.close(), recordHooks?.close()]);
});

test("a sandbox watch whose findings change: one change event per changed run, with the run's diff", async () => {
  if (system.sandbox === undefined) throw new Error('the system was started without its sandbox');
  const { token } = await system.sandbox.customer();
  await expectOneEventPerChangedRun(sandboxApi(system.url, token), hooks);
});

test("a sandbox record watch runs every week of the sandbox's clock and reports the act its record gained", async () => {
  // Decision 0175: the 7-day block meets a sandbox watch's run on the sandbox's clock (60.48 s here) and the sandbox's
  // origin blocks on it too, so the second view comes within the test, not 7 real days later; decision 0177: the
  // second run is planned where the first run's block lifts, so it is placed, not postponed.
  // Created in beforeAll: its first run and most of its compressed week went by during the person watch's test.
  const api = recordApi;
  const watchId = recordWatchId;

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

  // The second run is planned where the first view's block lifts (7 compressed days, then to the start of the next
  // compressed day, as production's 7 days run to the end of the office's day): placed then, never postponed.
  const [first, second] = compared;
  expect(compared.map((run) => run.resultado)).toEqual(['primeira', 'alteracao']);
  expect(first?.diferencas?.resumo).toMatch(/^Primeira visualização: \d+ atos, o último R\.\d+ \(penhora\)\.$/);
  const week = 7 * SANDBOX_DAY_MS;
  const after = Date.parse(second?.planejada_em ?? '') - Date.parse(first?.planejada_em ?? '') - week;
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(SANDBOX_DAY_MS + 5_000);
  expect(second?.diferencas?.atos_novos).toEqual([expect.objectContaining({ tipo: 'AV', natureza: 'cancelamento' })]);
  expect(second?.diferencas?.resumo).toMatch(/^1 ato novo: AV\.\d+ \(cancelamento\)\.$/);

  // Exactly one change event, for the changed run.
  const ours = () => recordHooks.received.filter((item) => item.body.data.monitoramento === watchId);
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
