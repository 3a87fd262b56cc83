import { cpfCheckDigits } from '@regapi/br';
import { lastCatalogSync } from '@regapi/catalog';
import { runTimesFromJson, TYPICAL_RUN_MS, typicalRunTimes } from '@regapi/orders';
import type { OriginPortal } from '@regapi/origin';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';

// docs/decisions/0136: an origin-session whose origin runs on a scaled clock (the sandbox's ORIGIN_TIME_SCALE)
// publishes its typical run times, and so every queued order's forecast start, on that clock until runs are measured.

jest.setTimeout(120_000);

const TIME_SCALE = 0.005;

function cpf(n: number): string {
  const base = `7${String(n).padStart(8, '0')}`;
  return `${base}${cpfCheckDigits(base)}`;
}

let harness: Harness;
let release: () => void = () => undefined;
let started: Promise<void>;

beforeAll(async () => {
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markStarted: () => void = () => undefined;
  started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let calls = 0;
  // The first search is held at the portal: the session is busy, nothing is answered, nothing is measured yet.
  const wrapPortal = (portal: OriginPortal): OriginPortal => ({
    ...portal,
    searchProperties: async (...args) => {
      calls += 1;
      if (calls === 1) {
        markStarted();
        await gate;
      }
      return portal.searchProperties(...args);
    },
  });
  harness = await startHarness({ wrapPortal, settings: { queueSyncMs: 0, originTimeScale: TIME_SCALE } });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  release();
  await harness.close();
});

test("the published run times and the queued orders' forecast starts are on the origin's clock", async () => {
  const account = (
    await harness.database.db
      .insertInto('account')
      .values({ name: `sandbox clock ${crypto.randomUUID()}`, plan_id: 'padrao' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(0), uf: 'SP' }, 5_000, account);
  await started;
  const second = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(1), uf: 'SP' }, 5_000, account);
  const third = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(2), uf: 'SP' }, 5_000, account);
  const starts = await waitFor(
    async () => {
      const rows = await harness.database.db.selectFrom('order_forecast').selectAll().execute();
      const byId = new Map(rows.map((row) => [row.order_id, row.start_at.getTime()]));
      const [a, b] = [byId.get(second.id), byId.get(third.id)];
      return a === undefined || b === undefined ? undefined : { second: a, third: b };
    },
    { timeoutMs: 20_000, what: 'the forecasts of the two queued searches' },
  );
  const row = await harness.database.db.selectFrom('fair_schedule').select('run_ms').executeTakeFirstOrThrow();
  expect(runTimesFromJson(row.run_ms)).toEqual(typicalRunTimes(TIME_SCALE));
  // One search apart: 72 s × 0.005, not production's 72 s.
  expect(starts.third - starts.second).toBe(TYPICAL_RUN_MS['pesquisa-previa-bens'] * TIME_SCALE);
});
