import type { DocumentDelivered } from '@regapi/bus';
import { DEFAULT_ARCHIVE_SETTINGS } from '../src';
import { retryPlan } from '../src/archiving/retry-plan';

// docs/decisions/0033: 1 min, 2, 4 ... capped at 1 h, while the first of the delivery's links is still valid.

const MINUTE = 60_000;
const DELIVERED_AT = new Date('2026-03-11T13:00:00.000Z');

function delivered(attempt: number | undefined, expiresAt: (string | null)[]): DocumentDelivered {
  return {
    order_id: '7d4a1f0e-8f5c-4b7a-9a53-1b2c3d4e5f60',
    protocolo: '2026031100000001',
    account_id: '0d4a1f0e-8f5c-4b7a-9a53-1b2c3d4e5f60',
    fonte: 'visualizacao-matricula',
    numero_pedido: '220260000001',
    documents: expiresAt.map((at) => ({ kind: 'visualizacao', url: 'http://origin/x.pdf', expires_at: at })),
    code: 200,
    status_consulta: 'SUCESSO',
    delivered_at: DELIVERED_AT.toISOString(),
    ...(attempt === undefined ? {} : { attempt }),
  };
}

const at = (ms: number) => new Date(DELIVERED_AT.getTime() + ms);

test.each([
  [undefined, 1 * MINUTE],
  [2, 2 * MINUTE],
  [3, 4 * MINUTE],
  [7, 60 * MINUTE],
  [40, 60 * MINUTE],
])('attempt %p failed → the next after %p ms', (attempt, delay) => {
  const now = at(10 * MINUTE);
  expect(retryPlan(delivered(attempt, [null]), now, DEFAULT_ARCHIVE_SETTINGS)).toEqual({
    kind: 'retry',
    attempt: (attempt ?? 1) + 1,
    dueAt: new Date(now.getTime() + delay),
  });
});

test('a link without an expiry is valid 7 days from the delivery (contract 8)', () => {
  const sevenDays = 7 * 24 * 60 * MINUTE;
  expect(retryPlan(delivered(10, [null]), at(sevenDays - 61 * MINUTE), DEFAULT_ARCHIVE_SETTINGS).kind).toBe('retry');
  expect(retryPlan(delivered(10, [null]), at(sevenDays - 60 * MINUTE), DEFAULT_ARCHIVE_SETTINGS)).toEqual({
    kind: 'expired',
    attempts: 10,
    linkExpiresAt: at(sevenDays),
  });
});

test('the first expiring link of the delivery bounds the retries', () => {
  const links = [at(3 * MINUTE).toISOString(), at(60 * MINUTE).toISOString()];
  expect(retryPlan(delivered(1, links), at(0), DEFAULT_ARCHIVE_SETTINGS).kind).toBe('retry');
  expect(retryPlan(delivered(2, links), at(MINUTE), DEFAULT_ARCHIVE_SETTINGS)).toMatchObject({
    kind: 'expired',
    attempts: 2,
    linkExpiresAt: at(3 * MINUTE),
  });
});

test("on the sandbox's clock (decision 0136) the waits and the link's life from the delivery are scaled", () => {
  const sandbox = { ...DEFAULT_ARCHIVE_SETTINGS, timeScale: 0.005 };
  const now = at(MINUTE);
  expect(retryPlan(delivered(3, [null]), now, sandbox)).toEqual({
    kind: 'retry',
    attempt: 4,
    dueAt: new Date(now.getTime() + 4 * MINUTE * 0.005),
  });
  // A link without an expiry (7 days) and one the origin says lasts 7 days both end 50.4 minutes after the delivery.
  const scaledWeek = 7 * 24 * 60 * MINUTE * 0.005;
  for (const expiry of [null, at(7 * 24 * 60 * MINUTE).toISOString()]) {
    expect(retryPlan(delivered(10, [expiry]), at(scaledWeek - 19_000), sandbox).kind).toBe('retry');
    expect(retryPlan(delivered(10, [expiry]), at(scaledWeek - 18_000), sandbox)).toEqual({
      kind: 'expired',
      attempts: 10,
      linkExpiresAt: at(scaledWeek),
    });
  }
});
