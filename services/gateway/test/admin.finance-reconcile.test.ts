import { randomUUID } from 'node:crypto';
import { formatCivilDate, toLocalDateTime } from '@regapi/calendar';
import { debitOrder, EXTRATO_TIME_ZONE, recordRegistryFee, refundOrder } from '@regapi/ledger';
import { sampleRequest } from '@regapi/testkit';
import { admin, newAccount, useTestGateway } from './support/test-gateway';

// Issue 18: `pnpm ops finance reconcile` reconciles the registry's charges of a month (or days) against our orders
// through the admin API, persists the report and prints it (decision 0103).

const { database, gateway } = useTestGateway();

const PATH = '/admin/v1/finance/registry-reconciliations';
const ask = (body: unknown) => admin(gateway.adminUrl, 'POST', PATH, body);

let placed = 0;

/** An order of `accountId` debited `price`, at the origin as `numeroPedido` (or never placed). */
async function order(accountId: string, price: number, numeroPedido: string | null): Promise<string> {
  placed += 1;
  const id = randomUUID();
  const protocolo = `${Date.now()}${String(placed).padStart(4, '0')}`;
  await database.db
    .insertInto('orders')
    .values({
      id,
      protocolo,
      account_id: accountId,
      token_id: null,
      fonte: 'visualizacao-matricula',
      request: JSON.stringify(sampleRequest('visualizacao-matricula', 'SP')),
      imovel_chave: null,
      uf: 'SP',
      price_centavos: price,
      quote: '{}',
      state: 'finished',
      code: 200,
      status_consulta: null,
      result: null,
      numero_pedido: numeroPedido,
      aceite: '{}',
      request_id: randomUUID(),
      attempt_started_at: null,
      run_after: null,
      finished_at: new Date(),
    })
    .execute();
  await database.db.transaction().execute((trx) =>
    debitOrder(trx, {
      accountId,
      orderId: id,
      protocolo,
      fonte: 'visualizacao-matricula',
      uf: 'SP',
      amountCentavos: price,
    }),
  );
  return id;
}

const charge = (numeroPedido: string, feeCentavos: number) =>
  database.db.transaction().execute((trx) =>
    recordRegistryFee(trx, {
      numeroPedido,
      fonte: 'visualizacao-matricula',
      feeCentavos,
      chargedAt: new Date(),
      source: 'listing',
    }),
  );

test('a month reconciled on demand: totals to the centavo, the mismatched lines, the report persisted', async () => {
  const accountId = await newAccount(gateway.adminUrl, 'Banco', '500.00');
  const delivered = await order(accountId, 2_000, 'R-1');
  const refunded = await order(accountId, 3_000, 'R-2');
  const unlisted = await order(accountId, 1_100, 'R-3');
  await charge('R-1', 1_200);
  await charge('R-2', 2_500);
  await charge('R-X', 650);
  await database.db
    .transaction()
    .execute((trx) => refundOrder(trx, { orderId: refunded, reason: 'Erro da origem', code: 607 }));

  const month = formatCivilDate(toLocalDateTime(new Date(), EXTRATO_TIME_ZONE).date).slice(0, 7);
  const answer = await ask({ month });
  expect(answer.status).toBe(201);
  expect(answer.body.code_message).toMatch(/período ainda aberto/);
  const report = answer.body.data[0] as Record<string, unknown>;
  expect(report).toMatchObject({
    month,
    lines_by_category: { charged_delivered: 1, charged_refunded: 1, charged_unknown: 1, ours_unlisted: 1 },
    totals: {
      charged: { count: 3, feeCentavos: 4_350 },
      chargedDelivered: { feeCentavos: 1_200, marginCentavos: 800 },
      chargedRefunded: { feeCentavos: 2_500, lossByCause: { origin_error_607: { count: 1, lossCentavos: 2_500 } } },
      chargedUnknown: { feeCentavos: 650 },
      oursUnlisted: { count: 1, priceCentavos: 1_100 },
      mismatches: 2,
    },
  });
  expect(report.mismatched).toEqual([
    {
      category: 'charged_unknown',
      numero_pedido: 'R-X',
      order_id: null,
      fonte: 'visualizacao-matricula',
      fee_centavos: 650,
      price_centavos: 0,
    },
    {
      category: 'ours_unlisted',
      numero_pedido: 'R-3',
      order_id: unlisted,
      fonte: 'visualizacao-matricula',
      fee_centavos: 0,
      price_centavos: 1_100,
    },
  ]);
  expect(delivered).toBeDefined();
  const stored = await database.db
    .selectFrom('registry_reconciliation')
    .select(['month', 'mismatches'])
    .where('id', '=', String(report.reconciliation_id))
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ month, mismatches: 2 });
  const audit = await database.db
    .selectFrom('admin_audit')
    .select('action')
    .where('action', '=', 'finance.registry-reconcile')
    .execute();
  expect(audit).toHaveLength(1);

  // Days instead of a month: the same charges when the range holds today.
  const today = formatCivilDate(toLocalDateTime(new Date(), EXTRATO_TIME_ZONE).date);
  const days = await ask({ de: today, ate: today });
  expect(days.status).toBe(201);
  expect(days.body.data[0]).toMatchObject({ month: null, de: today, ate: today, totals: { mismatches: 2 } });
});

test.each([
  [{}, 'month'],
  [{ month: '2026-13' }, 'month'],
  [{ month: '2026-10', de: '2026-10-01' }, 'month'],
  [{ de: '2026-10-31', ate: '2026-10-01' }, 'de'],
])('%j is refused with 422 naming the field, nothing persisted', async (body, campo) => {
  const before = await database.db.selectFrom('registry_reconciliation').select('id').execute();
  const answer = await ask(body);
  expect(answer.status).toBe(422);
  expect(answer.body.errors).toEqual([expect.objectContaining({ campo })]);
  expect(await database.db.selectFrom('registry_reconciliation').select('id').execute()).toHaveLength(before.length);
});
