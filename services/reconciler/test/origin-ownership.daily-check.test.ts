import { enqueueMessage } from '@regapi/bus';
import { propertyRequest } from '@regapi/origin-simulator';
import { EVENT_METRICS } from '@regapi/telemetry';
import { waitFor } from '@regapi/testkit';
import type { HandledEvent } from '../src';
import { listOrdersMessage } from '../src/origin-tasks';
import { type System, startSystem, WEDNESDAY_MORNING } from './support/system';

/**
 * Issue 26 (docs/decisions/0111): every order the origin lists belongs to exactly one of ours. One system, in order:
 * the daily listing's schedule, then what a listing of settled orders reports.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OWNERSHIP_ALERTS = new Set(['origin_order_unowned', 'origin_order_claimed_twice']);

let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

const listingTasks = () => system.tasks.filter(({ task }) => task.kind === 'list-orders');
const ownershipAlerts = () => system.logs.filter((line) => OWNERSHIP_ALERTS.has(String(line.alert)));
const dailyRow = (day: string) =>
  system.database.db.selectFrom('origin_ownership_check').selectAll().where('day', '=', day).executeTakeFirst();
const applied = (day: string) =>
  waitFor(async () => (await dailyRow(day))?.listing_applied_at ?? undefined, { what: `the ${day} listing applied` });
/** Several poller passes (50 ms each) of real time, for "nothing more happened". */
const severalPasses = () => new Promise((resolve) => setTimeout(resolve, 400));

type Applied = Extract<HandledEvent, { kind: 'applied' }>;
const appliedAfter = (seen: number) =>
  waitFor(
    () =>
      system.events
        .slice(seen)
        .map((event) => event.handled)
        .find((handled): handled is Applied => handled.kind === 'applied'),
    { what: 'a listing applied' },
  );

test('the ownership listing is asked once a day from 04:00 in Brasília, over the last 26 hours, whatever restarts', async () => {
  // First start at 10:00 in Brasília: that day's listing at once (the month close asks February's beside it).
  expect(system.clock.now()).toEqual(WEDNESDAY_MORNING);
  const first = await applied('2026-03-11');
  expect(first).toEqual(WEDNESDAY_MORNING);
  expect((await dailyRow('2026-03-11'))?.since).toEqual(new Date(WEDNESDAY_MORNING.getTime() - 26 * HOUR));
  await waitFor(
    async () =>
      (
        await system.database.db
          .selectFrom('registry_month_close')
          .select('reconciliation_id')
          .where('month', '=', '2026-02')
          .executeTakeFirst()
      )?.reconciliation_id ?? undefined,
    { what: 'February closed' },
  );
  const asked = listingTasks().length;

  // The rest of the day, a restart, and the next night up to 03:30: nothing more is asked.
  system.advance(2 * HOUR);
  await severalPasses();
  await system.restartReconciler();
  system.advance(15 * HOUR + 30 * MINUTE);
  await severalPasses();
  expect(listingTasks()).toHaveLength(asked);

  // 04:01: the day's one listing, since 26 hours before.
  system.advance(31 * MINUTE);
  const next = await waitFor(() => (listingTasks().length > asked ? listingTasks().slice(asked) : undefined), {
    what: "the next day's listing",
  });
  expect(next.map(({ task }) => task)).toEqual([
    { kind: 'list-orders', since: new Date(system.clock.now().getTime() - 26 * HOUR).toISOString() },
  ]);
  await applied('2026-03-12');
  await system.restartReconciler();
  system.advance(3 * HOUR);
  await severalPasses();
  expect(listingTasks()).toHaveLength(asked + 1);
  expect(ownershipAlerts()).toEqual([]);
});

test('an origin order placed behind our back is unowned, one claimed by two of our orders claimed twice, ours say nothing: each alerted once', async () => {
  // Ours: a record view and a search, run by origin-session as usual.
  const view = await system.accept('visualizacao-matricula', propertyRequest(system.sample(1)));
  const owner = system.sample(2);
  const search = await system.accept('pesquisa-previa-bens', {
    cpf_cnpj: owner.cpfCnpj,
    uf: owner.uf,
    nome: owner.nome,
  });
  const ours = await Promise.all(
    [view, search].map((order) =>
      system.waitForOrder(order.id, 'finished with its origin order', (o) => o.state === 'finished'),
    ),
  );
  const [viewNumero, searchNumero] = ours.map((order) => order.numeroPedido);
  if (viewNumero == null || searchNumero == null) throw new Error('an order of ours has no origin protocol');

  // Behind our back: the account's own login (origin-session's session ends) and a record view nobody follows.
  const portal = system.originPortal();
  expect((await portal.login({ timeoutMs: 10_000 })).kind).toBe('logged-in');
  const property = system.sample(3).imoveis[0];
  if (property === undefined) throw new Error('no sample property');
  const stray = await portal.orderRecordView(property, undefined, { timeoutMs: 30_000 });
  if (stray.kind !== 'delivered') throw new Error(`the stray order was not placed: ${stray.kind}`);
  const strayNumero = stray.view.numeroPedido;

  // A second order of ours claims the record view's origin order (must never happen; made here in SQL).
  const now = system.clock.now();
  await system.database.db
    .insertInto('origin_order_attempt')
    .values({
      id: crypto.randomUUID(),
      order_id: search.id,
      fonte: search.fonte,
      started_at: now,
      answered_at: now,
      outcome: 'delivered',
      numero_pedido: viewNumero,
      epoch: null,
      resolved_at: now,
      resolution: 'placed',
    })
    .execute();

  // A listing right away: all three are younger than an hour, judged by none.
  const seenFresh = system.events.length;
  await enqueueMessage(system.database.db, listOrdersMessage(new Date(now.getTime() - HOUR)));
  const fresh = await appliedAfter(seenFresh);
  expect(fresh.ownership).toMatchObject({ checked: 0, alerts: [] });
  expect(fresh.ownership.deferred).toBeGreaterThanOrEqual(3);
  expect(ownershipAlerts()).toEqual([]);

  // The next day's listing (origin-session logs in again first) judges them.
  const seenDaily = system.events.length;
  system.advance(24 * HOUR);
  await applied('2026-03-13');
  const daily = await appliedAfter(seenDaily);
  expect(daily.ownership.alerts).toHaveLength(2);
  const alerts = await waitFor(() => (ownershipAlerts().length >= 2 ? ownershipAlerts() : undefined), {
    what: 'the ownership alerts',
  });
  expect(alerts).toHaveLength(2);
  expect(alerts.find((line) => line.alert === 'origin_order_unowned')).toMatchObject({
    level: 'error',
    severity: 'warning',
    numero_pedido: strayNumero,
    produto: 'visualizacao',
    matricula: expect.any(String),
    action: expect.stringContaining('origin portal'),
  });
  expect(alerts.find((line) => line.alert === 'origin_order_claimed_twice')).toMatchObject({
    level: 'error',
    severity: 'critical',
    numero_pedido: viewNumero,
    order_ids: [view.id, search.id].sort(),
  });
  expect(JSON.stringify(alerts)).not.toContain(searchNumero);
  const findings = await system.database.db
    .selectFrom('origin_ownership_finding')
    .select(['numero_pedido', 'finding'])
    .orderBy('finding')
    .execute();
  expect(findings).toEqual([
    { numero_pedido: viewNumero, finding: 'claimed_twice' },
    { numero_pedido: strayNumero, finding: 'unowned' },
  ]);
  const counted = async () => {
    const metrics = await system.metrics.collect();
    return ['unowned', 'claimed_twice'].map((finding) =>
      metrics.total(EVENT_METRICS.originOrderOwnership, { finding, product: 'visualizacao-matricula' }),
    );
  };
  expect(await counted()).toEqual([1, 1]);

  // The same listing delivered again (a duplicate) and published again (a new message): nothing more alerts.
  const concluding = system.events.slice(seenDaily).find((event) => event.handled === daily);
  if (concluding === undefined) throw new Error('no concluding listing');
  const { message } = concluding;
  const seen = system.events.length;
  await system.bus.publish({ id: message.id, routingKey: message.routingKey, payload: message.payload, headers: {} });
  await system.bus.publish({
    id: crypto.randomUUID(),
    routingKey: message.routingKey,
    payload: message.payload,
    headers: {},
  });
  const again = await waitFor(() => (system.events.length >= seen + 2 ? system.events.slice(seen) : undefined), {
    what: 'both handled',
  });
  expect(again.map((event) => event.handled.kind).sort()).toEqual(['applied', 'duplicate']);
  for (const event of again) {
    if (event.handled.kind === 'applied') expect(event.handled.ownership).toMatchObject({ checked: 3, alerts: [] });
  }
  expect(ownershipAlerts()).toHaveLength(2);
  expect(await counted()).toEqual([1, 1]);
});
