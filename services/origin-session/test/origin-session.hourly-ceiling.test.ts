import { lastCatalogSync } from '@regapi/catalog';
import { estimateStart, type Order } from '@regapi/orders';
import { waitFor } from '@regapi/testkit';
import { type Harness, startHarness, WEDNESDAY_MORNING } from './support/harness';

let harness: Harness;
const HOUR = 3_600_000;

// Sixty orders through the real session and simulator: about 4 s alone, several times that when the suite's other
// processes share the two cores (it passed 30 s twice under such load). The scenario's own waits are bounded below.
jest.setTimeout(120_000);

beforeAll(async () => {
  harness = await startHarness({ timeScale: 0.0002 });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

const searchStarts = async () =>
  (
    await harness.database.db
      .selectFrom('origin_order_attempt')
      .select('started_at')
      .where('fonte', '=', 'pesquisa-previa-bens')
      .orderBy('started_at')
      .execute()
  ).map((row) => row.started_at.getTime());

test('60 searches queued: 50 run in the first hour, the other 10 wait in order and run in the next, none failed', async () => {
  const orders: Order[] = [];
  for (let i = 0; i < 60; i++) {
    orders.push(await harness.accept('pesquisa-previa-bens', { cpf_cnpj: '529.982.247-25', uf: 'SE' }));
  }
  const states = async () => Promise.all(orders.map((order) => harness.order(order.id)));
  // The clock does not move: this is all one instant of the first hour.
  await waitFor(
    async () => {
      const now = await states();
      return now.filter((order) => order.state === 'finished').length === 50 &&
        now.filter((order) => order.state === 'queued').length === 10
        ? now
        : undefined;
    },
    { timeoutMs: 30_000, what: '50 finished and 10 waiting' },
  );
  const first = await states();
  // In order: the first 50 accepted ran, the last 10 wait in the fair queue, untouched: still queued, never tried
  // (contract 8; decision 0086: no deferral row, the queue holds them), and told when below.
  expect(first.slice(0, 50).every((order) => order.state === 'finished')).toBe(true);
  expect(first.slice(50).map((order) => order.runAfter)).toEqual(Array(10).fill(null));
  expect(first.slice(50).every((order) => order.attempts === 0 && order.code === null)).toBe(true);
  expect(await searchStarts()).toHaveLength(50);
  expect((await harness.receivedOrders()).filter((entry) => entry.operation === 'search')).toHaveLength(50);
  const last = first[59];
  if (last === undefined) throw new Error('no order');
  expect(
    await estimateStart(
      harness.database.db,
      { fonte: last.fonte, state: last.state, position: last },
      harness.clock.now(),
    ),
  ).toEqual({
    startAt: new Date(WEDNESDAY_MORNING.getTime() + HOUR),
    ceilingBound: true,
  });

  // One second before the hour: still nothing.
  harness.clock.set(new Date(WEDNESDAY_MORNING.getTime() + HOUR - 1_000));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await searchStarts()).toHaveLength(50);

  harness.clock.set(new Date(WEDNESDAY_MORNING.getTime() + HOUR + 1_000));
  await waitFor(async () => (await states()).every((order) => order.state === 'finished'), {
    timeoutMs: 30_000,
    what: 'the 10 deferred searches',
  });
  const all = await states();
  // None failed: every one has the origin's answer (no finding for this CPF), none a 6xx failure.
  expect(new Set(all.map((order) => order.code))).toEqual(new Set([612]));
  const starts = await searchStarts();
  expect(starts).toHaveLength(60);
  expect(starts.filter((at) => at >= WEDNESDAY_MORNING.getTime() + HOUR)).toHaveLength(10);
  // Never more than 50 in any rolling hour.
  for (let i = 0; i + 50 < starts.length; i++) {
    expect((starts[i + 50] ?? 0) - (starts[i] ?? 0)).toBeGreaterThanOrEqual(HOUR);
  }
});
