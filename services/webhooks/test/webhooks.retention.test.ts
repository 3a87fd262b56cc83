import { randomUUID } from 'node:crypto';
import { registerEndpoint } from '@regapi/webhook-endpoints';
import { DELIVERY_RETENTION_MS } from '../src/delivery-retention';
import { startWebhooksHarness, type WebhooksHarness } from './support/harness';

// Decision 0154: deliveries that ended more than 30 days ago go, with their attempts; recent ones and pending ones
// (waiting for a disabled endpoint, however old) stay. The service's own hourly pass, on real PostgreSQL.

let harness: WebhooksHarness;
const DAY = 86_400_000;

beforeAll(async () => {
  harness = await startWebhooksHarness();
});

afterAll(async () => {
  await harness.close();
});

test('ended deliveries older than 30 days are deleted with their attempts; recent and pending ones stay', async () => {
  const accountId = await harness.newAccount();
  const db = harness.database.db;
  const now = harness.clock.now();
  const endpoint = await registerEndpoint(
    db,
    { accountId, url: 'https://hooks.example.com/retention', events: ['consulta.finalizada'] },
    now,
  );
  const rows = {
    oldDelivered: { state: 'delivered', ageMs: DELIVERY_RETENTION_MS + DAY },
    oldFailed: { state: 'failed', ageMs: DELIVERY_RETENTION_MS + 1_000 },
    oldPending: { state: 'pending', ageMs: DELIVERY_RETENTION_MS + 10 * DAY },
    recentDelivered: { state: 'delivered', ageMs: DELIVERY_RETENTION_MS - 60_000 },
  } as const;
  const ids: Record<string, string> = {};
  for (const [name, row] of Object.entries(rows)) {
    const createdAt = new Date(now.getTime() - row.ageMs);
    const inserted = await db
      .insertInto('webhook_delivery')
      .values({
        endpoint_id: endpoint.id,
        account_id: accountId,
        event_id: randomUUID(),
        event_type: 'consulta.finalizada',
        payload: JSON.stringify({ name }),
        state: row.state,
        attempts: 1,
        next_attempt_at: row.state === 'pending' ? new Date(now.getTime() + DAY) : null,
        created_at: createdAt,
        delivered_at: row.state === 'delivered' ? createdAt : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = inserted.id;
    await db
      .insertInto('webhook_attempt')
      .values({ delivery_id: inserted.id, attempted_at: createdAt, status_code: 200, latency_ms: 12 })
      .execute();
  }
  expect(await harness.webhooks.pruneNow()).toBe(2);
  const kept = await db.selectFrom('webhook_delivery').select('id').where('endpoint_id', '=', endpoint.id).execute();
  expect(kept.map((row) => row.id).sort()).toEqual([ids.oldPending, ids.recentDelivered].sort());
  const attempts = await db.selectFrom('webhook_attempt').select('delivery_id').execute();
  expect(
    attempts.map((row) => row.delivery_id).filter((id) => id === ids.oldDelivered || id === ids.oldFailed),
  ).toEqual([]);
  // Nothing more to delete: a second pass (another replica's) deletes nothing.
  expect(await harness.webhooks.pruneNow()).toBe(0);
});
