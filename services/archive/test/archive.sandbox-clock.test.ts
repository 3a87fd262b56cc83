import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { DEFAULT_ARCHIVE_SETTINGS } from '../src';
import { type ArchiveHarness, startArchiveHarness } from './support/archive-harness';

// Issue 29 item 2, docs/decisions/0136: the sandbox's archive runs on the sandbox's clock (SANDBOX_TIME_SCALE, its
// `timeScale`): the retries' waits and a link's life are scaled, so a sandbox document that keeps failing ends 617,
// refunded, about 50 minutes after its delivery at 0.005 — not at the origin's 7-day `expira_em`.

const TIME_SCALE = 0.005;
const DAY = 86_400_000;
/** The origin's 7-day link on the sandbox's clock: 50.4 minutes. */
const SCALED_LINK_MS = 7 * DAY * TIME_SCALE;

let harness: ArchiveHarness;

beforeAll(async () => {
  harness = await startArchiveHarness({ settings: { timeScale: TIME_SCALE } });
});

afterAll(async () => {
  await harness.close();
});

const RECORD_VIEW_RESULT = {
  status_consulta: 'SUCESSO',
  documento_url: null,
  mensagem: 'Visualização entregue.',
  site_receipts: [],
  identificadores: { numero_pedido: '990000000002', matricula: '1' },
  dados: { conteudo: null, cartorio: 'Cartório', municipio: 'Município', uf: 'SP', total_pago: 'R$ 50,00' },
};

test("a download that keeps failing: retried on the sandbox's clock, then 617 refunded once its 7-day link would have expired there", async () => {
  expect(DEFAULT_ARCHIVE_SETTINGS.timeScale).toBe(1);
  const [sample] = await harness.samples();
  const t0 = harness.origin.clock.now();
  // Nothing listens on port 9: every try is "down". The origin's link is valid 7 days, as the simulator's are.
  const { order } = await harness.deliverCrafted({
    fonte: 'visualizacao-matricula',
    body: propertyRequest(sample),
    documents: [
      {
        kind: 'visualizacao',
        url: 'http://127.0.0.1:9/arquivos/220260000098-matricula.pdf',
        expires_at: new Date(t0.getTime() + 7 * DAY).toISOString(),
      },
    ],
    result: RECORD_VIEW_RESULT,
  });
  // The first retry is 1 minute × 0.005 away, kept in PostgreSQL like production's.
  const retry = await waitFor(
    () =>
      harness.origin.database.db
        .selectFrom('scheduled_message')
        .select('due_at')
        .where('dedupe_key', '=', `archive-retry:${order.id}`)
        .executeTakeFirst(),
    { what: 'the first retry' },
  );
  expect(retry.due_at).toEqual(new Date(t0.getTime() + 60_000 * TIME_SCALE));
  // Just before the scaled link's end the order still waits; past it, the next try gives up.
  harness.origin.clock.set(new Date(t0.getTime() + SCALED_LINK_MS - 60_000));
  expect((await harness.origin.order(order.id)).state).toBe('archiving');
  harness.origin.clock.set(new Date(t0.getTime() + SCALED_LINK_MS));
  const done = await harness.origin.waitForState(order.id, ['finished']);
  expect(done.code).toBe(617);
  expect(await harness.origin.waitForFinishedMessage(order.id)).toMatchObject({ code: 617, status_consulta: null });
  expect(harness.alerts).toContainEqual(
    expect.objectContaining({ alert: 'document_not_archived', order_id: order.id, code: 617 }),
  );
});
