import type { Database } from '@regapi/db';
import { type RegistryFeeInput, recordRegistryFee } from '@regapi/ledger';
import type { Order } from '@regapi/orders';
import type { Kysely } from 'kysely';
import type { OrderOutcome } from './settle-outcome';

/**
 * The fee an origin answer reports for its order (`valor`), when it carries one: a delivered record view, a
 * certificate accepted, open or issued. A search answer carries none; its fee comes from the order listing
 * (docs/decisions/0102).
 */
export function registryChargeOf(order: Pick<Order, 'fonte'>, outcome: OrderOutcome): RegistryFeeInput | undefined {
  const charge = (numeroPedido: string, feeCentavos: number, at: string): RegistryFeeInput => ({
    numeroPedido,
    fonte: order.fonte,
    feeCentavos,
    chargedAt: new Date(at),
    source: 'answer',
  });
  switch (outcome.kind) {
    case 'delivered':
      return charge(outcome.view.numeroPedido, outcome.view.valorCentavos, outcome.view.entregueEm);
    case 'accepted':
      return charge(outcome.certificate.numeroPedido, outcome.certificate.valorCentavos, outcome.certificate.aceitoEm);
    case 'certificate-issued':
      return charge(outcome.certificate.numeroPedido, outcome.certificate.valorCentavos, outcome.certificate.emitidaEm);
    default:
      return undefined;
  }
}

/**
 * Records the answer's fee before the order is settled, in its own transaction: the origin charged whatever becomes
 * of our order, and a redelivered answer finds it recorded (once per origin order).
 */
export async function recordRegistryCharge(
  db: Kysely<Database>,
  order: Order,
  outcome: OrderOutcome,
  now: Date,
): Promise<void> {
  const charge = registryChargeOf(order, outcome);
  if (charge === undefined) return;
  // The origin's dates are checked at its edge; an unreadable one still leaves the fee, dated when we read it.
  const chargedAt = Number.isNaN(charge.chargedAt.getTime()) ? now : charge.chargedAt;
  await db.transaction().execute((trx) => recordRegistryFee(trx, { ...charge, chargedAt }));
}
