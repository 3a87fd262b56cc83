import { randomUUID } from 'node:crypto';
import type { Fonte } from '@regapi/contracts';
import {
  createWatch,
  FORECAST_WEEKS,
  forecastIdleCapacity,
  HOUR_MS,
  HOURS_OF_WEEK,
  hourOfWeek,
  newWatch,
  readInteractiveLoad,
} from '@regapi/orders';
import { acceptSeededOrder, sampleRequest, useTestDatabase } from '@regapi/testkit';
import { sql } from 'kysely';

// The interactive origin load the idle capacity forecast is built from (docs/decisions/0152, 0163), read from the origin
// attempts in the real PostgreSQL: per hour the session time the calls held and the searches started, watch runs left
// out, the last four weeks, from the first attempt on record.

/** Wednesday 2026-03-11 13:20 UTC: the last whole hour observed ends at 13:00. */
const NOW = new Date('2026-03-11T13:20:00.000Z');
const TO = Date.parse('2026-03-11T13:00:00.000Z');
const WINDOW_START = TO - FORECAST_WEEKS * HOURS_OF_WEEK * HOUR_MS;
const MINUTE = 60_000;
const at = (iso: string): number => Date.parse(iso);

const database = useTestDatabase();
const accountId = randomUUID();
let watchId: string;

beforeAll(async () => {
  await database.db.insertInto('account').values({ id: accountId, name: 'Conta' }).execute();
  const watch = newWatch(
    {
      accountId,
      kind: 'pessoa',
      request: { cpf_cnpj: '52998224725', uf: 'SP' },
      frequencia: 'diaria',
      referencia: null,
    },
    randomUUID(),
    NOW,
  );
  watchId = (await createWatch(database.db, watch)).id;
});

beforeEach(async () => {
  await sql`TRUNCATE origin_order_attempt`.execute(database.db);
});

/** One order (a watch run when `watch`) with one origin attempt from `started` that took `ms` (null: unanswered). */
async function attempt(fonte: Fonte, started: number, ms: number | null, watch = false): Promise<void> {
  const id = randomUUID();
  await database.db.transaction().execute(async (trx) => {
    await acceptSeededOrder(trx, { id, accountId, fonte, request: sampleRequest(fonte, 'SP'), acceptedAt: NOW });
    if (watch) await sql`UPDATE orders SET watch_id = ${watchId} WHERE id = ${id}`.execute(trx);
    await trx
      .insertInto('origin_order_attempt')
      .values({
        id: randomUUID(),
        order_id: id,
        fonte,
        started_at: new Date(started),
        answered_at: ms === null ? null : new Date(started + ms),
        outcome: ms === null ? null : 'placed',
        numero_pedido: null,
      })
      .execute();
  });
}

test('no attempt on record: nothing observed, so the forecast leaves every hour idle', async () => {
  const history = await readInteractiveLoad(database.db, NOW);
  expect(history).toEqual({ from: TO, to: TO, samples: [] });
  const forecast = forecastIdleCapacity(history, { hourlySearchCeiling: 50, idleSearchReserve: 10 });
  expect(forecast.idleSearches.every((count) => count === 40)).toBe(true);
});

test('per hour: the session time calls held (split across hours), the searches started, watch runs left out', async () => {
  // Five weeks ago (outside the window): the first attempt on record, so the whole window is observed.
  await attempt('pesquisa-previa-bens', WINDOW_START - 7 * 24 * HOUR_MS, 60_000);
  // Begun 1 min before the window, answered 2 min later: its last minute is in the window's first hour.
  await attempt('visualizacao-matricula', WINDOW_START - MINUTE, 2 * MINUTE);
  // 12:10–12:12, a search.
  await attempt('pesquisa-previa-bens', at('2026-03-11T12:10:00.000Z'), 2 * MINUTE);
  // 11:50–12:05, a record view: 10 min in hour 11, 5 min in hour 12.
  await attempt('visualizacao-matricula', at('2026-03-11T11:50:00.000Z'), 15 * MINUTE);
  // 10:00, a search never answered: the session was held for the product's maximum time (180 s).
  await attempt('pesquisa-previa-bens', at('2026-03-11T10:00:00.000Z'), null);
  // A watch run at 12:30 is idle work, not interactive load.
  await attempt('pesquisa-previa-bens', at('2026-03-11T12:30:00.000Z'), 5 * MINUTE, true);
  // 13:05: the hour in progress is not observed yet.
  await attempt('pesquisa-previa-bens', at('2026-03-11T13:05:00.000Z'), MINUTE);

  const history = await readInteractiveLoad(database.db, NOW);
  expect(history.from).toBe(WINDOW_START);
  expect(history.to).toBe(TO);
  expect(history.samples).toEqual([
    { hourStart: WINDOW_START, busyMs: MINUTE, searches: 0 },
    { hourStart: at('2026-03-11T10:00:00.000Z'), busyMs: 180_000, searches: 1 },
    { hourStart: at('2026-03-11T11:00:00.000Z'), busyMs: 10 * MINUTE, searches: 0 },
    { hourStart: at('2026-03-11T12:00:00.000Z'), busyMs: 7 * MINUTE, searches: 1 },
  ]);

  // The watch filter is the one named condition: counting every order, the watch run's 5 min and search appear.
  const everything = await readInteractiveLoad(database.db, NOW, { interactive: sql<boolean>`true` });
  expect(everything.samples.find((sample) => sample.hourStart === at('2026-03-11T12:00:00.000Z'))).toEqual({
    hourStart: at('2026-03-11T12:00:00.000Z'),
    busyMs: 12 * MINUTE,
    searches: 2,
  });

  // Into the forecast: Wednesday 10:00 UTC (07:00 in Brasília), 3 min busy, is quiet (decision 0174) and keeps 57 min
  // for idle work, but no search: 11:00 UTC (10 min busy) is not quiet, and an idle search at 10:00 would still
  // count in its rolling ceiling. 12:00 UTC, 7 min busy (over 10 % of the hour), is not quiet and keeps nothing.
  const forecast = forecastIdleCapacity(history, { hourlySearchCeiling: 50, idleSearchReserve: 10 });
  const quiet = hourOfWeek(at('2026-03-11T10:00:00.000Z'));
  expect(quiet).toBe(2 * 24 + 7);
  expect(forecast.quiet[quiet]).toBe(true);
  expect(forecast.idleSessionMs[quiet]).toBe(HOUR_MS - 3 * MINUTE);
  expect(forecast.idleSearches[quiet]).toBe(0);
  expect(forecast.idleSearches[quiet - 1]).toBe(40);
  const busy = hourOfWeek(at('2026-03-11T12:00:00.000Z'));
  expect(forecast.quiet[busy]).toBe(false);
  expect(forecast.idleSessionMs[busy]).toBe(0);
  expect(forecast.idleSearches[busy]).toBe(0);
  expect(forecast.weeksObserved[busy]).toBe(FORECAST_WEEKS);
});

test('a platform younger than four weeks: the history starts at the first whole hour after its first call', async () => {
  await attempt('pesquisa-previa-bens', at('2026-03-02T08:30:00.000Z'), MINUTE);
  await attempt('pesquisa-previa-bens', at('2026-03-10T08:15:00.000Z'), 2 * MINUTE);
  const history = await readInteractiveLoad(database.db, NOW);
  expect(history.from).toBe(at('2026-03-02T09:00:00.000Z'));
  // The first call's own hour is only partly observed: left out.
  expect(history.samples).toEqual([{ hourStart: at('2026-03-10T08:00:00.000Z'), busyMs: 2 * MINUTE, searches: 1 }]);
  const forecast = forecastIdleCapacity(history, { hourlySearchCeiling: 50, idleSearchReserve: 10 });
  // Tuesday 05:00 in Brasília was observed twice (the 3rd, idle, and the 10th): the busier counts.
  expect(forecast.weeksObserved[hourOfWeek(at('2026-03-10T08:00:00.000Z'))]).toBe(2);
  expect(forecast.idleSearches[hourOfWeek(at('2026-03-10T08:00:00.000Z'))]).toBe(39);
});
