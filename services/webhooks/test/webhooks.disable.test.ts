import { listUnsentMail } from '@regapi/console-auth';
import { waitFor } from '@regapi/testkit';
import { findEndpoint, listDeliveries, registerEndpoint, setEndpointEnabled } from '@regapi/webhook-endpoints';
import { orderFinished } from './support/events';
import { startWebhooksHarness, type WebhooksHarness } from './support/harness';
import { startReceiver, type TestReceiver } from './support/receiver';

/** An endpoint failing for a day is disabled and its account told (time driven by the harness's clock). */
let harness: WebhooksHarness;
let receiver: TestReceiver;
const HOUR = 3_600_000;

beforeAll(async () => {
  [harness, receiver] = await Promise.all([startWebhooksHarness(), startReceiver()]);
});

afterAll(async () => {
  await harness.close();
  await receiver.close();
});

const fannedOut = (messageId: string) =>
  harness.lines().filter((line) => line.message_id === messageId && line.msg === 'webhook event fanned out');

async function publish(accountId: string): Promise<void> {
  const message = orderFinished(accountId);
  await harness.bus.publish(message);
  await waitFor(() => fannedOut(message.id).length === 1, { what: 'event fanned out' });
}

test('a day of failed attempts disables the endpoint, mails the account, and stops the sending', async () => {
  const accountId = await harness.newAccount();
  await harness.database.db
    .insertInto('console_user')
    .values({
      account_id: accountId,
      email: `admin-${accountId}@example.com`,
      role: 'administrador',
      created_at: harness.clock.now(),
    })
    .execute();
  const endpoint = await registerEndpoint(
    harness.database.db,
    { accountId, url: receiver.url, events: ['consulta.finalizada'] },
    harness.clock.now(),
  );
  for (let i = 0; i < 20; i += 1) receiver.plan.push({ status: 503 });
  await publish(accountId);
  expect(await harness.webhooks.deliverNow()).toBe(1);
  // Twenty-three hours of failures: still enabled.
  harness.clock.advance(12 * HOUR);
  await publish(accountId);
  expect(await harness.webhooks.deliverNow()).toBe(2);
  harness.clock.advance(11 * HOUR);
  expect(await harness.webhooks.deliverNow()).toBeGreaterThan(0);
  expect((await findEndpoint(harness.database.db, accountId, endpoint.id))?.enabled).toBe(true);
  expect(await listUnsentMail(harness.database.db, { accountId })).toEqual([]);
  // A day after the first failure, the next failed attempt disables it.
  harness.clock.advance(HOUR);
  await publish(accountId);
  expect(await harness.webhooks.deliverNow()).toBeGreaterThan(0);
  const disabled = await findEndpoint(harness.database.db, accountId, endpoint.id);
  expect(disabled?.enabled).toBe(false);
  expect(disabled?.disabledReason).toMatch(/every attempt failed since 2026-03-02T12:00:00/);
  const mail = await listUnsentMail(harness.database.db, { accountId });
  expect(mail).toEqual([
    expect.objectContaining({ recipient: `admin-${accountId}@example.com`, subject: 'Webhook desativado' }),
  ]);
  // Disabled: no new delivery, and the pending ones are not sent.
  const sent = receiver.received.length;
  await publish(accountId);
  harness.clock.advance(11 * HOUR);
  expect(await harness.webhooks.deliverNow()).toBe(0);
  expect(receiver.received).toHaveLength(sent);
  expect(await listDeliveries(harness.database.db, accountId, endpoint.id)).toHaveLength(3);
  // Re-enabled by the customer: the pending deliveries go out again.
  receiver.plan.length = 0;
  expect(await setEndpointEnabled(harness.database.db, accountId, endpoint.id, true, harness.clock.now())).toBe(true);
  expect(await harness.webhooks.deliverNow()).toBeGreaterThan(0);
  expect(receiver.received.length).toBeGreaterThan(sent);
});

test('a delivery still failing 24 h after its creation ends failed', async () => {
  const accountId = await harness.newAccount();
  const endpoint = await registerEndpoint(
    harness.database.db,
    { accountId, url: 'http://127.0.0.1:9/nothing-listens', events: ['consulta.finalizada'] },
    harness.clock.now(),
  );
  await publish(accountId);
  let attempts = 0;
  for (let hour = 0; hour <= 25; hour += 1) {
    attempts += await harness.webhooks.deliverNow();
    harness.clock.advance(HOUR);
  }
  const [delivery] = (await listDeliveries(harness.database.db, accountId, endpoint.id)) ?? [];
  expect(delivery?.state).toBe('failed');
  expect(delivery?.nextAttemptAt).toBeNull();
  expect(delivery?.attempts).toHaveLength(attempts);
  expect(delivery?.attempts.every((attempt) => attempt.statusCode === null && attempt.error !== null)).toBe(true);
});
