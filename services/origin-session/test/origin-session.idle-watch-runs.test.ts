import { lastCatalogSync } from '@regapi/catalog';
import type { OriginPortal } from '@regapi/origin';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness } from './support/harness';
import { acceptWatchRun, cpf, dailyPersonWatch, newAccount } from './support/watch-runs';

// Watch runs are idle work (docs/decisions/0152, 0163) through the real runner, simulator and PostgreSQL: an order
// with a `watch_id` waits while any interactive order can start, so an interactive search accepted while a watch run
// is in progress and others are queued is the next call the origin receives, and the published schedule says so.

jest.setTimeout(120_000);

let harness: Harness;
let releaseFirst: () => void = () => undefined;
let firstStarted: Promise<void>;

beforeAll(async () => {
  let started: () => void = () => undefined;
  firstStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  let calls = 0;
  // The first search is held at the portal: the session is busy with it while the others queue.
  const wrapPortal = (portal: OriginPortal): OriginPortal => ({
    ...portal,
    searchProperties: async (...args: Parameters<OriginPortal['searchProperties']>) => {
      calls += 1;
      if (calls === 1) {
        started();
        await gate;
      }
      return portal.searchProperties(...args);
    },
  });
  harness = await startHarness({ wrapPortal, settings: { queueSyncMs: 0 } });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  // A failed test may leave the first search held: let it end so the service can stop.
  releaseFirst();
  await harness.close();
});

test('interactive searches accepted while a watch run is in progress and four are queued go to the origin next', async () => {
  const watcher = await newAccount(harness.database.db, 'idle');
  const customer = await newAccount(harness.database.db, 'idle');
  const watch = await dailyPersonWatch(harness.database.db, watcher, cpf(3, 0), harness.clock.now());
  const runs = [await acceptWatchRun(harness.database.db, watcher, watch.id, cpf(3, 0))];
  await firstStarted;
  for (let i = 1; i < 5; i++) runs.push(await acceptWatchRun(harness.database.db, watcher, watch.id, cpf(3, i)));
  // Two: between two customer accounts fair queuing would alternate them with the watch runs; idle work lets both by.
  const interactive = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(4, 0), uf: 'RJ' }, 5_000, customer);
  const second = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(4, 1), uf: 'RJ' }, 5_000, customer);

  // The published schedule: the interactive search starts before every queued watch run, and the backlog summary a
  // new order's ETA reads holds no idle work.
  const forecasts = await waitFor(
    async () => {
      const rows = await harness.database.db.selectFrom('order_forecast').selectAll().execute();
      return rows.length === 6 ? new Map(rows.map((row) => [row.order_id, row.start_at.getTime()])) : undefined;
    },
    { timeoutMs: 20_000, what: 'the forecasts of the four queued watch runs and the two interactive searches' },
  );
  const interactiveStart = Math.max(
    forecasts.get(interactive.id) ?? Number.POSITIVE_INFINITY,
    forecasts.get(second.id) ?? Number.POSITIVE_INFINITY,
  );
  for (const run of runs.slice(1)) expect(interactiveStart).toBeLessThan(forecasts.get(run.id) ?? 0);
  const summary = await harness.database.db.selectFrom('fair_schedule').select('accounts').executeTakeFirstOrThrow();
  expect(summary.accounts).toEqual([expect.objectContaining({ account: customer, searches: 2 })]);

  releaseFirst();
  await waitFor(
    async () =>
      (await harness.receivedOrders()).filter((entry) => entry.operation === 'search').length === 7 ? true : undefined,
    { timeoutMs: 60_000, what: 'seven searches at the origin' },
  );
  const received = (await harness.receivedOrders()).filter((entry) => entry.operation === 'search');
  const documents = received.map((entry) => String(entry.input.documento ?? '').replace(/\D/g, ''));
  // The watch run in progress, then the interactive searches, then the other watch runs in their order.
  expect(documents).toEqual([cpf(3, 0), cpf(4, 0), cpf(4, 1), cpf(3, 1), cpf(3, 2), cpf(3, 3), cpf(3, 4)]);
  await harness.waitForState(second.id, ['finished', 'archiving'], 30_000);
});
