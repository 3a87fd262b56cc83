import { ManualClock } from '@regapi/calendar';
import { noPlatformMetrics, silentLogger } from '@regapi/telemetry';
import { acceptSeededOrder, useTestDatabase } from '@regapi/testkit';
import { createReconcilerAlerts } from '../src/alerts/reconciler-alerts';
import type { ReconcilerContext } from '../src/reconciler-context';
import { DEFAULT_RECONCILER_SETTINGS } from '../src/settings';
import { sweepStuckOrders } from '../src/sweeper/stuck-orders';

// Decision 0086: a search queued behind a fair backlog can wait hours. While origin-session's published schedule covers
// it, it is waiting its turn, not lost: the sweeper leaves it alone; once the schedule is stale, it is swept again.

const ACCEPTED = new Date('2026-03-11T13:00:00.000Z');
const HOUR = 3_600_000;

const database = useTestDatabase();

function context(clock: ManualClock): ReconcilerContext {
  return {
    db: database.db,
    clock,
    logger: silentLogger(),
    settings: DEFAULT_RECONCILER_SETTINGS,
    alerts: createReconcilerAlerts({ logger: silentLogger() }),
    metrics: noPlatformMetrics,
  };
}

async function publishSchedule(orderId: string, computedAt: Date): Promise<void> {
  await database.db.deleteFrom('fair_schedule').execute();
  await database.db
    .insertInto('fair_schedule')
    .values({
      computed_at: computedAt,
      covered_seq: 0,
      internal_work_ms: 0,
      internal_share: 0.1,
      accounts: '[]',
    })
    .execute();
  await database.db
    .insertInto('order_forecast')
    .values({ order_id: orderId, start_at: new Date(computedAt.getTime() + 5 * HOUR), computed_at: computedAt })
    .onConflict((conflict) => conflict.column('order_id').doUpdateSet({ computed_at: computedAt }))
    .execute();
}

test('a queued search in a current fair schedule is not swept; the same one with a stale schedule is', async () => {
  const order = await database.db.transaction().execute(async (trx) =>
    acceptSeededOrder(trx, {
      fonte: 'pesquisa-previa-bens',
      request: { cpf_cnpj: '52998224725', uf: 'SP' },
      acceptedAt: ACCEPTED,
    }),
  );
  // Two hours later, still queued (a backlog ahead of it): far past the search's 180 s plus the margin.
  const clock = new ManualClock(new Date(ACCEPTED.getTime() + 2 * HOUR));
  await publishSchedule(order.id, new Date(clock.now().getTime() - 2_000));
  expect((await sweepStuckOrders(context(clock))).driven).toEqual([]);

  // origin-session stopped publishing ten minutes ago: nobody vouches for the order any more.
  clock.advance(10 * 60_000);
  const swept = await sweepStuckOrders(context(clock));
  expect(swept.driven.map((each) => each.orderId)).toEqual([order.id]);
});
