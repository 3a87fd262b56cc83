import { monthEndedBefore } from '@regapi/ledger';
import { propertyRequest } from '@regapi/origin-simulator';
import { waitFor } from '@regapi/testkit';
import { type System, startSystem, WEDNESDAY_MORNING } from './support/system';

const DAY = 86_400_000;

let system: System;

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  await system.close();
});

const monthClose = (month: string) =>
  system.database.db.selectFrom('registry_month_close').selectAll().where('month', '=', month).executeTakeFirst();

test('the previous month in Brasília: the first hours of a month in UTC are still the month before', () => {
  expect(monthEndedBefore(new Date('2026-03-11T13:00:00Z'))).toBe('2026-02');
  expect(monthEndedBefore(new Date('2026-04-01T02:59:59Z'))).toBe('2026-02');
  expect(monthEndedBefore(new Date('2026-04-01T03:00:00Z'))).toBe('2026-03');
  expect(monthEndedBefore(new Date('2026-01-15T12:00:00Z'))).toBe('2025-12');
});

test('a month closed: its listing asked once, its search fees recorded from it, then reconciled with no mismatch', async () => {
  expect(system.clock.now()).toEqual(WEDNESDAY_MORNING);
  // At start the month before is closed: listing, then an empty report.
  const february = await waitFor(async () => (await monthClose('2026-02'))?.reconciliation_id ?? undefined, {
    what: 'February reconciled',
  });
  const report = await system.database.db
    .selectFrom('registry_reconciliation')
    .selectAll()
    .where('id', '=', february)
    .executeTakeFirstOrThrow();
  expect(report).toMatchObject({ month: '2026-02', mismatches: 0 });

  // This month: a search (its fee only in the origin's listing) and a record view (its fee in the answer).
  const owner = system.sample(7);
  const search = await system.accept('pesquisa-previa-bens', {
    cpf_cnpj: owner.cpfCnpj,
    uf: owner.uf,
    nome: owner.nome,
  });
  const view = await system.accept('visualizacao-matricula', propertyRequest(owner));
  const searched = await system.waitForOrder(search.id, 'search finished', (o) => o.state === 'finished');
  const viewed = await system.waitForOrder(view.id, 'view finished', (o) => o.state === 'finished');
  const fees = () =>
    system.database.db
      .selectFrom('registry_fee')
      .select(['numero_pedido', 'source'])
      .where('numero_pedido', 'in', [searched.numeroPedido ?? '', viewed.numeroPedido ?? ''])
      .orderBy('source')
      .execute();
  expect(await fees()).toEqual([{ numero_pedido: viewed.numeroPedido, source: 'answer' }]);

  // The month's own listings: since its start less the listing skew (the daily ownership listing asks its own).
  const monthListings = () =>
    system.tasks.filter(({ task }) => task.kind === 'list-orders' && task.since === '2026-03-01T02:50:00.000Z').length;
  expect(monthListings()).toBe(0);
  system.advance(21 * DAY); // April 1st, in Brasília
  const march = await waitFor(async () => (await monthClose('2026-03'))?.reconciliation_id ?? undefined, {
    what: 'March reconciled',
    timeoutMs: 20_000,
  });
  expect(monthListings()).toBe(1);
  expect(await fees()).toEqual([
    { numero_pedido: viewed.numeroPedido, source: 'answer' },
    { numero_pedido: searched.numeroPedido, source: 'listing' },
  ]);
  const lines = await system.database.db
    .selectFrom('registry_reconciliation_line')
    .select(['category', 'order_id'])
    .where('reconciliation_id', '=', march)
    .orderBy('order_id')
    .execute();
  expect(lines).toEqual(
    [
      { category: 'charged_delivered', order_id: search.id },
      { category: 'charged_delivered', order_id: view.id },
    ].sort((a, b) => a.order_id.localeCompare(b.order_id)),
  );
  expect(
    await system.database.db
      .selectFrom('registry_reconciliation')
      .select('mismatches')
      .where('id', '=', march)
      .executeTakeFirstOrThrow(),
  ).toEqual({ mismatches: 0 });
});
