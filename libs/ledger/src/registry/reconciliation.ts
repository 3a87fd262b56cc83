import type { RefundCause, RegistryReconciliationCategory } from '@regapi/db';

/** Causes of a refund, as `finance_order_margin.refund_cause` names them (migration 0035). */
export const REFUND_CAUSES = Object.freeze([
  'origin_timeout_605',
  'origin_error_607',
  'certificate_lost',
  'other',
] as const satisfies readonly RefundCause[]);

/** What the registry charged for one of its orders (`registry_fee`). */
export interface RegistryCharge {
  readonly numeroPedido: string;
  readonly fonte: string;
  readonly feeCentavos: number;
  readonly chargedAt: Date;
}

/** One of our debited orders, as the ledger and the orders table say. */
export interface OurOrder {
  readonly orderId: string;
  /** The origin's protocol of it; null when it never reached the origin (nothing to be charged). */
  readonly numeroPedido: string | null;
  readonly fonte: string;
  readonly priceCentavos: number;
  readonly refundedCentavos: number;
  readonly refundCause: RefundCause | null;
  readonly debitedAt: Date;
}

/** `[from, to)`. */
export interface ReconciliationPeriod {
  readonly from: Date;
  readonly to: Date;
}

export interface ReconciliationLine {
  readonly category: RegistryReconciliationCategory;
  readonly numeroPedido: string | null;
  readonly orderId: string | null;
  readonly fonte: string;
  readonly feeCentavos: number;
  readonly priceCentavos: number;
  readonly refundedCentavos: number;
  readonly lossCause: RefundCause | null;
}

interface Sum {
  readonly count: number;
  readonly feeCentavos: number;
  readonly priceCentavos: number;
  readonly refundedCentavos: number;
}

export interface ReconciliationTotals {
  /** Everything the registry charged in the period: the sum of the three `charged_*` categories. */
  readonly charged: Sum;
  readonly chargedDelivered: Sum & { readonly marginCentavos: number };
  readonly chargedRefunded: Sum & {
    /** The fees of refunded orders: what the platform paid the registry for nothing, per cause. */
    readonly lossByCause: Readonly<Record<RefundCause, { readonly count: number; readonly lossCentavos: number }>>;
  };
  readonly chargedUnknown: Sum;
  readonly oursUnlisted: Sum;
  /** Lines that need a human: charged but unknown to us, ours placed but never charged. */
  readonly mismatches: number;
}

export interface ReconciliationReport {
  readonly period: ReconciliationPeriod;
  readonly lines: readonly ReconciliationLine[];
  readonly totals: ReconciliationTotals;
}

const within = (at: Date, period: ReconciliationPeriod) => at >= period.from && at < period.to;

const ZERO: Sum = { count: 0, feeCentavos: 0, priceCentavos: 0, refundedCentavos: 0 };

function sumOf(lines: readonly ReconciliationLine[]): Sum {
  return lines.reduce(
    (sum, line) => ({
      count: sum.count + 1,
      feeCentavos: sum.feeCentavos + line.feeCentavos,
      priceCentavos: sum.priceCentavos + line.priceCentavos,
      refundedCentavos: sum.refundedCentavos + line.refundedCentavos,
    }),
    ZERO,
  );
}

/**
 * Matches what the registry charged in `period` against our orders (docs/decisions/0103), a pure function:
 * - every charge of the period is one line: `charged_delivered` (our order, not refunded), `charged_refunded` (our
 *   order, refunded: its fee is the platform's loss, by cause) or `charged_unknown` (no order of ours has its
 *   protocol), whenever our order was debited;
 * - every order of ours debited in the period that reached the origin (it has a protocol) and has no charge at all,
 *   in any period, is one `ours_unlisted` line (an order charged in another period is that period's line).
 * `charges` and `orders` may hold more than the period: the period is applied here. The totals are sums of the lines,
 * so the charged total is the sum of its three categories to the centavo.
 */
export function reconcileRegistry(
  period: ReconciliationPeriod,
  charges: readonly RegistryCharge[],
  orders: readonly OurOrder[],
): ReconciliationReport {
  const orderOf = new Map<string, OurOrder>();
  for (const order of orders) {
    if (order.numeroPedido !== null && !orderOf.has(order.numeroPedido)) orderOf.set(order.numeroPedido, order);
  }
  const charged = new Set(charges.map((charge) => charge.numeroPedido));
  const lines: ReconciliationLine[] = [];
  for (const charge of charges) {
    if (!within(charge.chargedAt, period)) continue;
    const order = orderOf.get(charge.numeroPedido);
    if (order === undefined) {
      lines.push({
        category: 'charged_unknown',
        numeroPedido: charge.numeroPedido,
        orderId: null,
        fonte: charge.fonte,
        feeCentavos: charge.feeCentavos,
        priceCentavos: 0,
        refundedCentavos: 0,
        lossCause: null,
      });
      continue;
    }
    const refunded = order.refundedCentavos > 0;
    lines.push({
      category: refunded ? 'charged_refunded' : 'charged_delivered',
      numeroPedido: charge.numeroPedido,
      orderId: order.orderId,
      fonte: order.fonte,
      feeCentavos: charge.feeCentavos,
      priceCentavos: order.priceCentavos,
      refundedCentavos: order.refundedCentavos,
      lossCause: refunded ? (order.refundCause ?? 'other') : null,
    });
  }
  for (const order of orders) {
    if (order.numeroPedido === null || charged.has(order.numeroPedido) || !within(order.debitedAt, period)) continue;
    lines.push({
      category: 'ours_unlisted',
      numeroPedido: order.numeroPedido,
      orderId: order.orderId,
      fonte: order.fonte,
      feeCentavos: 0,
      priceCentavos: order.priceCentavos,
      refundedCentavos: order.refundedCentavos,
      lossCause: null,
    });
  }
  return { period, lines, totals: totalsOf(lines) };
}

function totalsOf(lines: readonly ReconciliationLine[]): ReconciliationTotals {
  const of = (category: RegistryReconciliationCategory) => lines.filter((line) => line.category === category);
  const delivered = sumOf(of('charged_delivered'));
  const refundedLines = of('charged_refunded');
  const unknown = sumOf(of('charged_unknown'));
  const unlisted = sumOf(of('ours_unlisted'));
  const lossByCause = Object.fromEntries(
    REFUND_CAUSES.map((cause) => {
      const caused = refundedLines.filter((line) => line.lossCause === cause);
      return [cause, { count: caused.length, lossCentavos: sumOf(caused).feeCentavos }];
    }),
  ) as Record<RefundCause, { count: number; lossCentavos: number }>;
  return {
    charged: sumOf(lines.filter((line) => line.category !== 'ours_unlisted')),
    chargedDelivered: {
      ...delivered,
      marginCentavos: delivered.priceCentavos - delivered.refundedCentavos - delivered.feeCentavos,
    },
    chargedRefunded: { ...sumOf(refundedLines), lossByCause },
    chargedUnknown: unknown,
    oursUnlisted: unlisted,
    mismatches: unknown.count + unlisted.count,
  };
}
