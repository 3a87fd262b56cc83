import { FONTES } from '@regapi/contracts';
import {
  isTimeScale,
  readMeasuredRunTimes,
  SANDBOX_TIME_SCALE_SETTING,
  scaledMs,
  TYPICAL_RUN_MS,
  typicalRunTimes,
} from '@regapi/orders';
import { createTestDatabase, type TestDatabase } from '@regapi/testkit';

// docs/decisions/0136: the sandbox's clock scales the typical run times every ETA starts from; production's (1) is the
// figures themselves.

const NOW = new Date('2026-03-11T13:00:00.000Z');

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

test('at 1 the figures are untouched; at the sandbox default 72 / 60 / 10 s become 360 / 300 / 50 ms', () => {
  expect(typicalRunTimes()).toBe(TYPICAL_RUN_MS);
  expect(typicalRunTimes(1)).toBe(TYPICAL_RUN_MS);
  expect(SANDBOX_TIME_SCALE_SETTING.default).toBe(0.005);
  expect(typicalRunTimes(SANDBOX_TIME_SCALE_SETTING.default)).toEqual({
    'pesquisa-previa-bens': 360,
    'visualizacao-matricula': 300,
    'certidao-inteiro-teor': 50,
  });
});

test('a scaled positive time is never 0 (a run of zero length); nothing stays nothing', () => {
  expect(scaledMs(10, 0.0001)).toBe(1);
  expect(scaledMs(0, 0.005)).toBe(0);
  expect(scaledMs(900_000, 0.005)).toBe(4_500);
});

test('a clock a setting may take: above 0, at most 1, finite', () => {
  expect([0.0001, 0.005, 1].every(isTimeScale)).toBe(true);
  expect([0, -0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY].some(isTimeScale)).toBe(false);
});

test("with nothing measured, the run times an origin-session publishes are the typical ones on its origin's clock", async () => {
  expect(await readMeasuredRunTimes(database.db, NOW)).toEqual(TYPICAL_RUN_MS);
  const scaled = await readMeasuredRunTimes(database.db, NOW, 0.005);
  for (const fonte of FONTES) expect(scaled[fonte]).toBe(TYPICAL_RUN_MS[fonte] * 0.005);
});
