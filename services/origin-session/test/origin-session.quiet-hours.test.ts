import { randomUUID } from 'node:crypto';
import { lastCatalogSync } from '@regapi/catalog';
import { hourOfWeek } from '@regapi/orders';
import { acceptSeededOrder, sampleRequest, waitFor } from '@regapi/testkit';
import { sql } from 'kysely';
import { type Harness, startHarness } from './support/harness';
import { acceptWatchRun, cpf, dailyPersonWatch, newAccount } from './support/watch-runs';

// Watch runs only in the forecast's quiet hours (docs/decisions/0174), through the real runner, simulator and
// PostgreSQL on a driven clock: a week ago Wednesday 11:00–12:00 in Brasília was busy, so this Wednesday at 11:00 a
// queued watch run is not started though the session is free, an interactive search accepted then starts at once, and
// the watch run starts when the quiet hour comes at 12:00.

jest.setTimeout(120_000);

/** Wednesday 11:00 and 12:00 in Brasília (14:00 and 15:00 UTC), and the same hour a week before. */
const BUSY_HOUR = Date.parse('2026-03-11T14:00:00.000Z');
const QUIET_HOUR = BUSY_HOUR + 3_600_000;
const WEEK_MS = 7 * 24 * 3_600_000;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ settings: { queueSyncMs: 0 } });
  await waitFor(() => lastCatalogSync(harness.database.db), { timeoutMs: 20_000, what: 'the first catalog sync' });
});

afterAll(async () => {
  await harness.close();
});

/** A finished interactive order whose one origin call held the session from `started` for `ms`: load on record. */
async function pastCall(accountId: string, started: number, ms: number): Promise<void> {
  await harness.database.db.transaction().execute(async (trx) => {
    const order = await acceptSeededOrder(trx, {
      fonte: 'visualizacao-matricula',
      request: sampleRequest('visualizacao-matricula', 'SP'),
      accountId,
      acceptedAt: new Date(started),
    });
    await sql`UPDATE orders SET state = 'finished', code = 200, finished_at = ${new Date(started + ms)}
              WHERE id = ${order.id}`.execute(trx);
    await trx
      .insertInto('origin_order_attempt')
      .values({
        id: randomUUID(),
        order_id: order.id,
        fonte: 'visualizacao-matricula',
        started_at: new Date(started),
        answered_at: new Date(started + ms),
        outcome: 'placed',
        numero_pedido: null,
      })
      .execute();
  });
}

const searchedDocuments = async (): Promise<string[]> =>
  (await harness.receivedOrders())
    .filter((entry) => entry.operation === 'search')
    .map((entry) => String(entry.input.documento ?? '').replace(/\D/g, ''));

test('in a busy hour a watch run waits though the session is free, an interactive search goes at once, the run at the quiet hour', async () => {
  expect(hourOfWeek(BUSY_HOUR)).toBe(2 * 24 + 11);
  const watcher = await newAccount(harness.database.db, 'quiet');
  const customer = await newAccount(harness.database.db, 'quiet');
  // The record begins two weeks ago; a week ago Wednesday 11:00 was busy 20 minutes (over 10 % of the hour), 12:00 idle.
  await pastCall(customer, BUSY_HOUR - 2 * WEEK_MS - 3_600_000, 60_000);
  await pastCall(customer, BUSY_HOUR - WEEK_MS, 20 * 60_000);
  // The business clock enters the busy hour: the runner reads the quiet hours again.
  harness.clock.set(new Date(BUSY_HOUR + 30_000));

  const watch = await dailyPersonWatch(harness.database.db, watcher, cpf(5, 0), harness.clock.now());
  const run = await acceptWatchRun(harness.database.db, watcher, watch.id, cpf(5, 0));
  // The published schedule puts it at the quiet hour: the runner has decided, and waits.
  const forecastStart = await waitFor(
    async () => {
      const row = await harness.database.db
        .selectFrom('order_forecast')
        .select('start_at')
        .where('order_id', '=', run.id)
        .executeTakeFirst();
      return row?.start_at.getTime() === QUIET_HOUR ? row.start_at.getTime() : undefined;
    },
    { timeoutMs: 20_000, what: 'the watch run forecast at the quiet hour' },
  );
  expect(forecastStart).toBe(QUIET_HOUR);
  expect(await searchedDocuments()).toEqual([]);
  expect((await harness.order(run.id)).state).toBe('queued');

  // An interactive search accepted now starts at once; the watch run still waits.
  const interactive = await harness.accept('pesquisa-previa-bens', { cpf_cnpj: cpf(6, 0), uf: 'RJ' }, 5_000, customer);
  await harness.waitForState(interactive.id, ['finished', 'archiving'], 30_000);
  expect(await searchedDocuments()).toEqual([cpf(6, 0)]);
  expect((await harness.order(run.id)).state).toBe('queued');

  // The quiet hour comes: the watch run goes to the origin.
  harness.clock.set(new Date(QUIET_HOUR));
  await waitFor(async () => ((await searchedDocuments()).length === 2 ? true : undefined), {
    timeoutMs: 30_000,
    what: 'the watch run at the origin',
  });
  expect(await searchedDocuments()).toEqual([cpf(6, 0), cpf(5, 0)]);
  await harness.waitForState(run.id, ['finished', 'archiving'], 30_000);
});
