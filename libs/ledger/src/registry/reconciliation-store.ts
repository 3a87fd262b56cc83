import type { Database, RefundCause } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db';
import {
  type OurOrder,
  type ReconciliationPeriod,
  type ReconciliationReport,
  type RegistryCharge,
  reconcileRegistry,
} from './reconciliation';

/** A report as persisted (`registry_reconciliation`). */
export interface StoredReconciliation extends ReconciliationReport {
  readonly id: string;
  readonly month: string | null;
  readonly computedAt: Date;
}

/**
 * The facts of `period`: the registry's charges in it and those of our orders debited in it; our orders debited in it
 * and those the charges name. Both sides are widened so `reconcileRegistry` can tell an order charged in another
 * period from one never charged.
 */
export async function readReconciliationFacts(
  db: Db,
  period: ReconciliationPeriod,
): Promise<{ charges: RegistryCharge[]; orders: OurOrder[] }> {
  const { from, to } = period;
  const inPeriodDebits = sql`
    SELECT o.numero_pedido FROM ledger_transaction d JOIN orders o ON o.id = d.order_id
    WHERE d.kind = 'order_debit' AND d.created_at >= ${from} AND d.created_at < ${to} AND o.numero_pedido IS NOT NULL`;
  const charges = await sql<{ numero_pedido: string; fonte: string; fee_centavos: number; charged_at: Date }>`
    SELECT numero_pedido, fonte, fee_centavos, charged_at FROM registry_fee
    WHERE (charged_at >= ${from} AND charged_at < ${to}) OR numero_pedido IN (${inPeriodDebits})`.execute(db);
  const orders = await sql<{
    order_id: string;
    numero_pedido: string | null;
    fonte: string;
    price_centavos: number;
    refunded_centavos: number;
    refund_cause: RefundCause | null;
    debited_at: Date;
  }>`
    SELECT m.order_id, m.numero_pedido, m.fonte, m.price_centavos, m.refunded_centavos, m.refund_cause,
           d.created_at AS debited_at
    FROM finance_order_margin m
    JOIN ledger_transaction d ON d.kind = 'order_debit' AND d.order_id = m.order_id
    WHERE (d.created_at >= ${from} AND d.created_at < ${to})
       OR m.numero_pedido IN (SELECT numero_pedido FROM registry_fee WHERE charged_at >= ${from} AND charged_at < ${to})
    ORDER BY d.seq`.execute(db);
  return {
    charges: charges.rows.map((row) => ({
      numeroPedido: row.numero_pedido,
      fonte: row.fonte,
      feeCentavos: Number(row.fee_centavos),
      chargedAt: row.charged_at,
    })),
    orders: orders.rows.map((row) => ({
      orderId: row.order_id,
      numeroPedido: row.numero_pedido,
      fonte: row.fonte,
      priceCentavos: Number(row.price_centavos),
      refundedCentavos: Number(row.refunded_centavos),
      refundCause: row.refund_cause,
      debitedAt: row.debited_at,
    })),
  };
}

const LINES_PER_INSERT = 1_000;

/**
 * Computes the reconciliation of `period` and persists it, report and lines, in one transaction
 * (docs/decisions/0103). Each run is a new report: the newest one is the one the mismatch gauge reads.
 */
export async function runRegistryReconciliation(
  db: Kysely<Database>,
  period: ReconciliationPeriod,
  month: string | null = null,
): Promise<StoredReconciliation> {
  return db.transaction().execute(async (trx) => {
    // One snapshot of the facts: the report is read and written in one repeatable view of the ledger.
    await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
    const facts = await readReconciliationFacts(trx, period);
    const report = reconcileRegistry(period, facts.charges, facts.orders);
    const stored = await trx
      .insertInto('registry_reconciliation')
      .values({
        period_from: period.from,
        period_to: period.to,
        month,
        mismatches: report.totals.mismatches,
        totals: JSON.stringify(report.totals),
      })
      .returning(['id', 'computed_at'])
      .executeTakeFirstOrThrow();
    for (let i = 0; i < report.lines.length; i += LINES_PER_INSERT) {
      await trx
        .insertInto('registry_reconciliation_line')
        .values(
          report.lines.slice(i, i + LINES_PER_INSERT).map((line) => ({
            reconciliation_id: stored.id,
            category: line.category,
            numero_pedido: line.numeroPedido,
            order_id: line.orderId,
            fonte: line.fonte,
            fee_centavos: line.feeCentavos,
            price_centavos: line.priceCentavos,
            refunded_centavos: line.refundedCentavos,
            loss_cause: line.lossCause,
          })),
        )
        .execute();
    }
    return { ...report, id: stored.id, month, computedAt: stored.computed_at };
  });
}

/** The mismatches of the newest report (0 before any): the gauge behind the alert. */
export async function latestRegistryMismatches(db: Db): Promise<number> {
  const row = await db
    .selectFrom('registry_reconciliation')
    .select('mismatches')
    .orderBy('computed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.mismatches ?? 0;
}
