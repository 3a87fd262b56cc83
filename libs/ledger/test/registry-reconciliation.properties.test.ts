import fc from 'fast-check';
import { extratoMonthRange, type OurOrder, REFUND_CAUSES, type RegistryCharge, reconcileRegistry } from '../src';

/**
 * Random months of orders, refunds and registry charges → the reconciliation balances to the centavo, each charge and
 * each placed order uncharged is reported exactly once over the months, and every total equals the one computed
 * directly from the generated facts (not from the report's lines).
 */

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'] as const;
const period = (month: string) => {
  const range = extratoMonthRange(month);
  if (range === undefined) throw new Error(month);
  return { from: range.from, to: range.to };
};
const START = period('2026-01').from.getTime();
const SPAN = period('2026-03').to.getTime() - START;
const DAY = 86_400_000;
const FONTES = ['pesquisa-previa-bens', 'visualizacao-matricula', 'certidao-inteiro-teor'] as const;

const orderFact = fc.record({
  debitOffsetMs: fc.integer({ min: 0, max: SPAN - 1 }),
  fonte: fc.constantFrom(...FONTES),
  priceCentavos: fc.integer({ min: 1, max: 500_000 }),
  placed: fc.boolean(),
  refund: fc.option(fc.record({ cause: fc.constantFrom(...REFUND_CAUSES), partial: fc.integer({ min: 0, max: 100 }) })),
  charge: fc.option(
    fc.record({ feeCentavos: fc.integer({ min: 0, max: 300_000 }), delayMs: fc.integer({ min: 0, max: 5 * DAY }) }),
  ),
});
const foreignFact = fc.record({
  atOffsetMs: fc.integer({ min: 0, max: SPAN - 1 }),
  fonte: fc.constantFrom(...FONTES),
  feeCentavos: fc.integer({ min: 0, max: 300_000 }),
});

type OrderFact = typeof orderFact extends fc.Arbitrary<infer T> ? T : never;
type ForeignFact = typeof foreignFact extends fc.Arbitrary<infer T> ? T : never;

function world(facts: readonly OrderFact[], foreign: readonly ForeignFact[]) {
  const orders: OurOrder[] = facts.map((fact, i) => {
    const refunded =
      fact.refund === null ? 0 : Math.max(1, Math.round((fact.priceCentavos * (100 - fact.refund.partial)) / 100));
    return {
      orderId: `order-${i}`,
      numeroPedido: fact.placed ? `N-${i}` : null,
      fonte: fact.fonte,
      priceCentavos: fact.priceCentavos,
      refundedCentavos: refunded,
      refundCause: fact.refund === null ? null : fact.refund.cause,
      debitedAt: new Date(START + fact.debitOffsetMs),
    };
  });
  const charges: RegistryCharge[] = [];
  facts.forEach((fact, i) => {
    if (!fact.placed || fact.charge === null) return;
    charges.push({
      numeroPedido: `N-${i}`,
      fonte: fact.fonte,
      feeCentavos: fact.charge.feeCentavos,
      chargedAt: new Date(START + fact.debitOffsetMs + fact.charge.delayMs),
    });
  });
  foreign.forEach((fact, i) => {
    charges.push({
      numeroPedido: `F-${i}`,
      fonte: fact.fonte,
      feeCentavos: fact.feeCentavos,
      chargedAt: new Date(START + fact.atOffsetMs),
    });
  });
  return { orders, charges };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

test('the reconciliation balances to the centavo and agrees with the facts, month by month', () => {
  fc.assert(
    fc.property(fc.array(orderFact, { maxLength: 60 }), fc.array(foreignFact, { maxLength: 15 }), (facts, foreign) => {
      const { orders, charges } = world(facts, foreign);
      const seenCharges: string[] = [];
      const seenUnlisted: string[] = [];
      for (const month of MONTHS) {
        const p = period(month);
        const inMonth = (at: Date) => at >= p.from && at < p.to;
        const report = reconcileRegistry(p, charges, orders);
        const t = report.totals;

        const monthCharges = charges.filter((charge) => inMonth(charge.chargedAt));
        const ours = (numero: string) => orders.find((order) => order.numeroPedido === numero);
        const foreignFees = monthCharges.filter((charge) => ours(charge.numeroPedido) === undefined);
        const refundedFees = monthCharges.filter((charge) => (ours(charge.numeroPedido)?.refundedCentavos ?? 0) > 0);
        const deliveredFees = monthCharges.filter((charge) => ours(charge.numeroPedido)?.refundedCentavos === 0);
        const unlisted = orders.filter(
          (order) =>
            order.numeroPedido !== null &&
            inMonth(order.debitedAt) &&
            !charges.some((charge) => charge.numeroPedido === order.numeroPedido),
        );

        // The registry's side balances: what it charged is the sum of the three categories.
        expect(t.charged.feeCentavos).toBe(sum(monthCharges.map((charge) => charge.feeCentavos)));
        expect(t.charged.count).toBe(monthCharges.length);
        expect(t.chargedDelivered.feeCentavos + t.chargedRefunded.feeCentavos + t.chargedUnknown.feeCentavos).toBe(
          t.charged.feeCentavos,
        );
        expect(t.chargedUnknown.feeCentavos).toBe(sum(foreignFees.map((charge) => charge.feeCentavos)));
        expect(t.chargedRefunded.feeCentavos).toBe(sum(refundedFees.map((charge) => charge.feeCentavos)));
        expect(t.chargedDelivered.count).toBe(deliveredFees.length);
        // Delivered: revenue = customer price − registry fee.
        expect(t.chargedDelivered.marginCentavos).toBe(
          sum(deliveredFees.map((charge) => (ours(charge.numeroPedido)?.priceCentavos ?? 0) - charge.feeCentavos)),
        );
        // The platform's loss by cause adds up to the fees of the refunded orders.
        for (const cause of REFUND_CAUSES) {
          const caused = refundedFees.filter((charge) => ours(charge.numeroPedido)?.refundCause === cause);
          expect(t.chargedRefunded.lossByCause[cause]).toEqual({
            count: caused.length,
            lossCentavos: sum(caused.map((charge) => charge.feeCentavos)),
          });
        }
        expect(sum(REFUND_CAUSES.map((cause) => t.chargedRefunded.lossByCause[cause]?.lossCentavos ?? 0))).toBe(
          t.chargedRefunded.feeCentavos,
        );
        // Our side: placed, never charged, debited this month.
        expect(t.oursUnlisted.count).toBe(unlisted.length);
        expect(t.oursUnlisted.priceCentavos).toBe(sum(unlisted.map((order) => order.priceCentavos)));
        expect(t.mismatches).toBe(foreignFees.length + unlisted.length);

        for (const line of report.lines) {
          if (line.category === 'ours_unlisted') seenUnlisted.push(line.orderId ?? '');
          else seenCharges.push(line.numeroPedido ?? '');
        }
      }
      // Over the months every charge and every uncharged placed order is reported exactly once.
      expect(seenCharges.sort()).toEqual(charges.map((charge) => charge.numeroPedido).sort());
      const uncharged = orders.filter(
        (order) => order.numeroPedido !== null && !charges.some((charge) => charge.numeroPedido === order.numeroPedido),
      );
      expect(seenUnlisted.sort()).toEqual(uncharged.map((order) => order.orderId).sort());
    }),
    { numRuns: 200 },
  );
});
