import { createScheduler, scheduleMessage } from '@regapi/bus';
import { silentLogger } from '@regapi/telemetry';
import { useTestDatabase } from '@regapi/testkit';

const database = useTestDatabase();
let now = new Date('2026-11-23T12:00:00Z');
const clock = { now: () => now };

beforeEach(async () => {
  await database.db.deleteFrom('outbox').execute();
  await database.db.deleteFrom('scheduled_message').execute();
  now = new Date('2026-11-23T12:00:00Z');
});

const outboxKeys = async () =>
  (await database.db.selectFrom('outbox').select(['routing_key', 'payload']).orderBy('seq').execute()).map((r) => [
    r.routing_key,
    r.payload,
  ]);

test('a message is not published before it is due, and moves to the outbox once due', async () => {
  const scheduler = createScheduler({ db: database, logger: silentLogger(), clock });
  await scheduleMessage(database.db, {
    routingKey: 'reconciler.check',
    payload: { n: 1 },
    dueAt: new Date('2026-11-23T12:30:00Z'),
  });
  expect(await scheduler.releaseDue()).toBe(0);
  expect(await outboxKeys()).toEqual([]);

  now = new Date('2026-11-23T12:30:00Z');
  expect(await scheduler.releaseDue()).toBe(1);
  expect(await outboxKeys()).toEqual([['reconciler.check', { n: 1 }]]);
  expect(await database.db.selectFrom('scheduled_message').selectAll().execute()).toEqual([]);
  expect(await scheduler.releaseDue()).toBe(0);
});

test('scheduling the same dedupe key again moves the pending message instead of adding one', async () => {
  const scheduler = createScheduler({ db: database, logger: silentLogger(), clock });
  await scheduleMessage(database.db, {
    routingKey: 'reconciler.check',
    payload: { attempt: 1 },
    dueAt: new Date('2026-11-23T12:10:00Z'),
    dedupeKey: 'certificate-check:abc',
  });
  await scheduleMessage(database.db, {
    routingKey: 'reconciler.check',
    payload: { attempt: 2 },
    dueAt: new Date('2026-11-23T13:00:00Z'),
    dedupeKey: 'certificate-check:abc',
  });
  now = new Date('2026-11-23T12:15:00Z');
  expect(await scheduler.releaseDue()).toBe(0);
  now = new Date('2026-11-23T13:00:00Z');
  expect(await scheduler.releaseDue()).toBe(1);
  expect(await outboxKeys()).toEqual([['reconciler.check', { attempt: 2 }]]);
});

test('onlyEarlier moves a pending message earlier, never later (a sync "no later than")', async () => {
  const scheduler = createScheduler({ db: database, logger: silentLogger(), clock });
  const at = (time: string, onlyEarlier: boolean) =>
    scheduleMessage(database.db, {
      routingKey: 'origin.tasks',
      payload: { at: time },
      dueAt: new Date(`2026-11-23T${time}Z`),
      dedupeKey: 'sync-catalog',
      onlyEarlier,
    });
  await at('20:00:00', false);
  await at('13:00:00', true);
  await at('15:00:00', true);
  now = new Date('2026-11-23T12:59:00Z');
  expect(await scheduler.releaseDue()).toBe(0);
  now = new Date('2026-11-23T13:00:00Z');
  expect(await scheduler.releaseDue()).toBe(1);
  expect(await outboxKeys()).toEqual([['origin.tasks', { at: '13:00:00' }]]);
  // Nothing pending any more: it is simply scheduled.
  await at('18:00:00', true);
  expect(await database.db.selectFrom('scheduled_message').select('due_at').execute()).toEqual([
    { due_at: new Date('2026-11-23T18:00:00Z') },
  ]);
});

test('every due message goes out once, across batches, even with two schedulers racing', async () => {
  const first = createScheduler({ db: database, logger: silentLogger(), clock, batchSize: 7 });
  const second = createScheduler({ db: database, logger: silentLogger(), clock, batchSize: 7 });
  for (let i = 0; i < 40; i += 1) {
    await scheduleMessage(database.db, {
      routingKey: 'reconciler.check',
      payload: { i },
      dueAt: new Date(Date.parse('2026-11-23T11:00:00Z') + i * 1000),
    });
  }
  const [a, b] = await Promise.all([first.releaseDue(), second.releaseDue()]);
  expect(a + b).toBe(40);
  const payloads = (await outboxKeys()).map(([, payload]) => (payload as { i: number }).i);
  expect([...payloads].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
});

test('a rolled-back transaction schedules nothing', async () => {
  await expect(
    database.db.transaction().execute(async (trx) => {
      await scheduleMessage(trx, { routingKey: 'reconciler.check', payload: {}, dueAt: now });
      throw new Error('state change failed');
    }),
  ).rejects.toThrow('state change failed');
  expect(await database.db.selectFrom('scheduled_message').selectAll().execute()).toEqual([]);
});
