import {
  createFairSchedulePublisher,
  FAIR_SCHEDULE_FRESH_MS,
  getOrderInQueue,
  type Order,
  readFairBacklog,
  readyTimesOfNewOrders,
  TYPICAL_RUN_MS,
} from '@regapi/orders';
import { acceptSeededOrder, useTestDatabase } from '@regapi/testkit';

// The fair schedule origin-session publishes and what reads it (docs/decisions/0089): a poll's ETA from its order's
// forecast (one row), a new order's from the backlog summary, the FIFO facts only when no current schedule exists.

const NOW = new Date('2026-03-11T13:00:00.000Z');
const HOUR = 3_600_000;
const SEARCH_MS = TYPICAL_RUN_MS['pesquisa-previa-bens'];

const database = useTestDatabase();

async function accept(accountId: string): Promise<Order> {
  return database.db.transaction().execute(async (trx) =>
    acceptSeededOrder(trx, {
      fonte: 'pesquisa-previa-bens',
      request: { cpf_cnpj: '52998224725', uf: 'SP' },
      accountId,
      acceptedAt: NOW,
    }),
  );
}

const forecastRows = async () =>
  new Map(
    (await database.db.selectFrom('order_forecast').select(['order_id', 'start_at']).execute()).map((row) => [
      row.order_id,
      row.start_at.getTime(),
    ]),
  );

test('the publisher writes new and moved forecasts only, drops those of orders gone, and the summary round-trips', async () => {
  const account = crypto.randomUUID();
  const [a, b, c] = [await accept(account), await accept(account), await accept(account)];
  if (a === undefined || b === undefined || c === undefined) throw new Error('no orders');
  const publisher = createFairSchedulePublisher(database.db, { minShiftMs: 5_000 });
  const backlog = {
    accounts: new Map([[account, { weight: 2, workMs: 3 * SEARCH_MS, searches: 3 }]]),
    internalWorkMs: 5_000,
    internalShare: 0.1,
  };
  const t = NOW.getTime();
  await publisher.publish({
    computedAt: NOW,
    coveredSeq: String(c.acceptanceSeq),
    starts: new Map([
      [a.id, t],
      [b.id, t + SEARCH_MS],
      [c.id, t + 2 * SEARCH_MS],
    ]),
    backlog,
    runMs: TYPICAL_RUN_MS,
  });
  expect(await forecastRows()).toEqual(
    new Map([
      [a.id, t],
      [b.id, t + SEARCH_MS],
      [c.id, t + 2 * SEARCH_MS],
    ]),
  );

  // a ran; b moved by 1 s (kept), c by 10 min (rewritten).
  await publisher.publish({
    computedAt: new Date(t + 1_000),
    coveredSeq: String(c.acceptanceSeq),
    starts: new Map([
      [b.id, t + SEARCH_MS + 1_000],
      [c.id, t + 2 * SEARCH_MS + 600_000],
    ]),
    backlog,
    runMs: TYPICAL_RUN_MS,
  });
  expect(await forecastRows()).toEqual(
    new Map([
      [b.id, t + SEARCH_MS],
      [c.id, t + 2 * SEARCH_MS + 600_000],
    ]),
  );

  const read = await readFairBacklog(database.db, account, new Date(t + 2_000), 50);
  expect(read?.backlog.accounts.get(account)).toEqual({ weight: 2, workMs: 3 * SEARCH_MS, searches: 3 });
  expect(read?.backlog.internalWorkMs).toBe(5_000);
  // No account row: the weight of a plan-less account is 1.
  expect(read?.ownWeight).toBe(1);
  // Older than the freshness bound: not believed.
  expect(await readFairBacklog(database.db, account, new Date(t + 1_000 + FAIR_SCHEDULE_FRESH_MS + 1), 50)).toBe(
    undefined,
  );
});

test('a new publisher (a restart, another leader) writes only what moved since the forecasts in the table', async () => {
  const account = crypto.randomUUID();
  const [a, b, c] = [await accept(account), await accept(account), await accept(account)];
  if (a === undefined || b === undefined || c === undefined) throw new Error('no orders');
  const t = NOW.getTime();
  const schedule = (computedAt: number, starts: [string, number][]) => ({
    computedAt: new Date(computedAt),
    coveredSeq: String(c.acceptanceSeq),
    starts: new Map(starts),
    backlog: { accounts: new Map(), internalWorkMs: 0, internalShare: 0.1 },
    runMs: TYPICAL_RUN_MS,
  });
  await createFairSchedulePublisher(database.db).publish(
    schedule(t, [
      [a.id, t],
      [b.id, t + SEARCH_MS],
      [c.id, t + 2 * SEARCH_MS],
    ]),
  );
  // The next leader: a ran meanwhile; b is where it was (within the threshold), c moved by 10 min.
  await createFairSchedulePublisher(database.db, { minShiftMs: 5_000 }).publish(
    schedule(t + 60_000, [
      [b.id, t + SEARCH_MS + 1_000],
      [c.id, t + 2 * SEARCH_MS + 600_000],
    ]),
  );
  const rows = await database.db.selectFrom('order_forecast').select(['order_id', 'start_at', 'computed_at']).execute();
  const byId = new Map(rows.map((row) => [row.order_id, row]));
  expect(byId.has(a.id)).toBe(false);
  // b untouched: the row the first leader wrote.
  expect(byId.get(b.id)?.start_at.getTime()).toBe(t + SEARCH_MS);
  expect(byId.get(b.id)?.computed_at.getTime()).toBe(t);
  expect(byId.get(c.id)?.start_at.getTime()).toBe(t + 2 * SEARCH_MS + 600_000);
  expect(byId.get(c.id)?.computed_at.getTime()).toBe(t + 60_000);
});

test('the same version again only stamps the schedule current: no forecast compared or written (decision 0159)', async () => {
  const account = crypto.randomUUID();
  const [a, b] = [await accept(account), await accept(account)];
  if (a === undefined || b === undefined) throw new Error('no orders');
  const t = NOW.getTime();
  const schedule = (computedAt: number, starts: [string, number][], version: string | undefined) => ({
    computedAt: new Date(computedAt),
    coveredSeq: String(b.acceptanceSeq),
    starts: new Map(starts),
    backlog: {
      accounts: new Map([[account, { weight: 1, workMs: 2 * SEARCH_MS, searches: 2 }]]),
      internalWorkMs: 0,
      internalShare: 0.1,
    },
    runMs: TYPICAL_RUN_MS,
    ...(version === undefined ? {} : { version }),
  });
  const publisher = createFairSchedulePublisher(database.db);
  const summary = () => database.db.selectFrom('fair_schedule').selectAll().execute();
  const before = await summary();
  await publisher.refresh(new Date(t + HOUR)); // nothing published by it yet: nothing to stamp
  expect(await summary()).toEqual(before);
  await publisher.publish(
    schedule(
      t,
      [
        [a.id, t],
        [b.id, t + SEARCH_MS],
      ],
      'v1',
    ),
  );
  expect(publisher.publishedVersion()).toBe('v1');
  // Same version: the starts given are not even looked at (a caller that skipped the forecast passes the last ones).
  await publisher.publish(schedule(t + 7_000, [[a.id, t + HOUR]], 'v1'));
  expect(await forecastRows()).toEqual(
    new Map([
      [a.id, t],
      [b.id, t + SEARCH_MS],
    ]),
  );
  const stamped = await database.db.selectFrom('fair_schedule').select('computed_at').executeTakeFirstOrThrow();
  expect(stamped.computed_at.getTime()).toBe(t + 7_000);
  // The summary row gone (a reader's fallback test, an operator): a refresh writes it whole again.
  await database.db.deleteFrom('fair_schedule').execute();
  await publisher.refresh(new Date(t + 14_000));
  const read = await readFairBacklog(database.db, account, new Date(t + 15_000), 50);
  expect(read?.backlog.accounts.get(account)).toEqual({ weight: 1, workMs: 2 * SEARCH_MS, searches: 2 });
  // A new version is compared as before: a moved forecast written; no version at all, too.
  await publisher.publish(schedule(t + 20_000, [[a.id, t + HOUR]], 'v2'));
  expect(await forecastRows()).toEqual(new Map([[a.id, t + HOUR]]));
  await publisher.publish(schedule(t + 21_000, [[a.id, t + 2 * HOUR]], undefined));
  expect(await forecastRows()).toEqual(new Map([[a.id, t + 2 * HOUR]]));
  expect(publisher.publishedVersion()).toBe(undefined);
});

test('a poll reads its forecast while the schedule is current, and the FIFO facts once it is stale', async () => {
  const account = crypto.randomUUID();
  const order = await accept(account);
  const publisher = createFairSchedulePublisher(database.db);
  const start = NOW.getTime() + 2 * HOUR;
  await publisher.publish({
    computedAt: NOW,
    coveredSeq: String(order.acceptanceSeq),
    starts: new Map([[order.id, start]]),
    backlog: { accounts: new Map(), internalWorkMs: 0, internalShare: 0.1 },
    runMs: TYPICAL_RUN_MS,
  });
  const current = await getOrderInQueue(database.db, order.protocolo, account, new Date(NOW.getTime() + 1_000));
  expect(current?.forecastStartAt?.getTime()).toBe(start);
  // The facts were not read (zero), PostgreSQL skipped them.
  expect(current?.queue.searchesAhead).toBe(0);
  const stale = await getOrderInQueue(
    database.db,
    order.protocolo,
    account,
    new Date(NOW.getTime() + FAIR_SCHEDULE_FRESH_MS + 1),
  );
  expect(stale?.forecastStartAt).toBeUndefined();
  expect(stale?.queue.searchesAhead).toBeGreaterThan(0);
});

test('behind a published backlog of 1,000 searches, a newcomer is told the next round, the big account ~20 h', async () => {
  const big = crypto.randomUUID();
  const newcomer = crypto.randomUUID();
  const latest = await accept(crypto.randomUUID());
  const publisher = createFairSchedulePublisher(database.db);
  await publisher.publish({
    computedAt: NOW,
    coveredSeq: String(latest.acceptanceSeq),
    starts: new Map(),
    backlog: {
      accounts: new Map([[big, { weight: 1, workMs: 1_000 * SEARCH_MS, searches: 1_000 }]]),
      internalWorkMs: 0,
      internalShare: 0.1,
    },
    runMs: TYPICAL_RUN_MS,
  });
  const facts = { working: new Map(), searchesAhead: 0, searchesStarted: [] };
  const at = new Date(NOW.getTime() + 1_000);
  const [mine] = await readyTimesOfNewOrders(
    database.db,
    { accountId: newcomer, fonte: 'pesquisa-previa-bens', count: 1, facts },
    at,
  );
  const [theirs] = await readyTimesOfNewOrders(
    database.db,
    { accountId: big, fonte: 'pesquisa-previa-bens', count: 1, facts },
    at,
  );
  if (mine === undefined || theirs === undefined) throw new Error('no estimate');
  // One big search may go before it (the round), then its own run.
  expect(mine.getTime() - at.getTime()).toBeLessThanOrEqual(3 * SEARCH_MS);
  // Behind its own 1,000 searches under the ceiling of 50 an hour: about 20 hours.
  expect(theirs.getTime() - at.getTime()).toBeGreaterThan(19 * HOUR);
});
