import type { Fonte } from '@regapi/contracts';
import {
  RUN_TIME_MIN_SAMPLES,
  RUN_TIME_SAMPLES,
  readMeasuredRunTimes,
  runTimesFromJson,
  TYPICAL_RUN_MS,
  trimmedMean,
} from '@regapi/orders';
import { acceptSeededOrder, createTestDatabase, sampleRequest, type TestDatabase } from '@regapi/testkit';

// The run times the fair schedule advances by (docs/decisions/0098): measured from the answered origin attempts, the
// typical figures until enough were answered.

const NOW = new Date('2026-03-11T13:00:00.000Z');
const HOUR = 3_600_000;

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database.drop();
});

/** One order with one origin attempt started `agoMs` before NOW that took `ms` (unanswered when `ms` is null). */
async function attempt(fonte: Fonte, agoMs: number, ms: number | null): Promise<void> {
  const id = crypto.randomUUID();
  await database.db.transaction().execute(async (trx) => {
    await acceptSeededOrder(trx, { id, fonte, request: sampleRequest(fonte, 'SP'), acceptedAt: NOW });
    const started = new Date(NOW.getTime() - agoMs);
    await trx
      .insertInto('origin_order_attempt')
      .values({
        id: crypto.randomUUID(),
        order_id: id,
        fonte,
        started_at: started,
        answered_at: ms === null ? null : new Date(started.getTime() + ms),
        outcome: ms === null ? null : 'placed',
        numero_pedido: null,
      })
      .execute();
  });
}

test('the trimmed mean drops a tenth of the samples at each end', () => {
  expect(trimmedMean([1, 2, 3, 4, 5, 6, 7, 8, 9, 1_000])).toBe(5.5);
  expect(trimmedMean([4])).toBe(4);
});

test('with too few answered attempts a product keeps its typical figure', async () => {
  for (let i = 0; i < RUN_TIME_MIN_SAMPLES - 1; i++) await attempt('pesquisa-previa-bens', 60_000 * (i + 1), 2_000);
  // Unanswered attempts (in doubt) measure nothing.
  for (let i = 0; i < 3; i++) await attempt('pesquisa-previa-bens', 1_000, null);
  expect(await readMeasuredRunTimes(database.db, NOW)).toEqual(TYPICAL_RUN_MS);
});

test('with too few recent answered attempts a product keeps its last known figure, read back after a restart', async () => {
  // Yesterday's figures, as the last published schedule carried them (decision 0150): a search took 2.5 s, and the
  // certificate's figure was never measured (its typical one was published).
  await database.db
    .insertInto('fair_schedule')
    .values({
      computed_at: new Date(NOW.getTime() - 30 * HOUR),
      covered_seq: 0,
      internal_work_ms: 0,
      internal_share: 0.1,
      accounts: '[]',
      run_ms: JSON.stringify({ ...TYPICAL_RUN_MS, 'pesquisa-previa-bens': 2_500, 'visualizacao-matricula': 900 }),
    })
    .execute();
  // The attempts that measured them are older than the window; two recent ones are too few to measure anew.
  for (let i = 0; i < 10; i++) await attempt('pesquisa-previa-bens', 25 * HOUR + i, 2_500);
  for (let i = 0; i < 2; i++) await attempt('pesquisa-previa-bens', 60_000 * (i + 1), 40_000);
  // Enough recent ones measure the product afresh, whatever was known before.
  for (let i = 0; i < RUN_TIME_MIN_SAMPLES; i++) await attempt('certidao-inteiro-teor', 60_000 * (i + 1), 700);
  expect(await readMeasuredRunTimes(database.db, NOW)).toEqual({
    'pesquisa-previa-bens': 2_500,
    'visualizacao-matricula': 900,
    'certidao-inteiro-teor': 700,
  });
});

test('each product is measured from its own recent answered attempts; one stuck call does not move it', async () => {
  for (let i = 0; i < 9; i++) await attempt('pesquisa-previa-bens', 60_000 * (i + 1), 2_000 + 100 * i);
  await attempt('pesquisa-previa-bens', 30_000, 600_000);
  for (let i = 0; i < RUN_TIME_MIN_SAMPLES; i++) await attempt('visualizacao-matricula', 60_000 * (i + 1), 500);
  // Older than a day: not this session's behaviour any more.
  for (let i = 0; i < 10; i++) await attempt('certidao-inteiro-teor', 25 * HOUR + i, 50);
  const measured = await readMeasuredRunTimes(database.db, NOW);
  // 2000..2800 and 600 000: the slowest and the fastest dropped, the mean of 2100..2800.
  expect(measured['pesquisa-previa-bens']).toBeCloseTo(2_450, 6);
  expect(measured['visualizacao-matricula']).toBeCloseTo(500, 6);
  expect(measured['certidao-inteiro-teor']).toBe(TYPICAL_RUN_MS['certidao-inteiro-teor']);
});

test(`only the last ${RUN_TIME_SAMPLES} answered attempts count: the figure follows the origin when it changes`, async () => {
  // An hour ago the origin took 60 s a search; for the last 50 searches it has taken 3 s.
  for (let i = 0; i < 20; i++) await attempt('pesquisa-previa-bens', HOUR + 60_000 * i, 60_000);
  for (let i = 0; i < RUN_TIME_SAMPLES; i++) await attempt('pesquisa-previa-bens', 1_000 * (i + 1), 3_000);
  expect((await readMeasuredRunTimes(database.db, NOW))['pesquisa-previa-bens']).toBeCloseTo(3_000, 6);
});

test('a published figure that is missing or not a positive number reads as the typical one', () => {
  expect(
    runTimesFromJson({ 'pesquisa-previa-bens': 1_500, 'visualizacao-matricula': -3, 'certidao-inteiro-teor': 'x' }),
  ).toEqual({
    ...TYPICAL_RUN_MS,
    'pesquisa-previa-bens': 1_500,
  });
  expect(runTimesFromJson(null)).toEqual(TYPICAL_RUN_MS);
});
