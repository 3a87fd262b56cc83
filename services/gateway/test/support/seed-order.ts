import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { debitOrder, refundOrder } from '@regapi/ledger';
import { type Order, transition } from '@regapi/orders';
import { acceptSeededOrder, sampleRequest } from '@regapi/testkit';
import type { Kysely } from 'kysely';

export interface OrderHistorySeed {
  readonly fonte?: Fonte;
  readonly uf?: string;
  readonly priceCentavos?: number;
  /** Debit the price at acceptance, as the gateway does. Default true. */
  readonly debit?: boolean;
  readonly acceptedAt?: Date;
  /** Finish it with this code; absent: it stays queued. */
  readonly code?: number;
  readonly statusConsulta?: string;
  readonly finishedAt?: Date;
  /** Post billing's refund of the whole price after the finish. */
  readonly refunded?: boolean;
  /** The client's own reference (the body's `referencia`); default none. */
  readonly referencia?: string;
}

/**
 * An order of `accountId` with its story (debit, finish, refund) written straight to the tables, the way acceptance,
 * origin-session and billing write it; accepted by testkit's `acceptSeededOrder`, with a valid request of its product.
 */
export async function seedOrderHistory(
  db: Kysely<Database>,
  accountId: string,
  seed: OrderHistorySeed = {},
): Promise<Order> {
  const fonte = seed.fonte ?? 'pesquisa-previa-bens';
  const price = seed.priceCentavos ?? 1_000;
  const uf = seed.uf ?? 'SP';
  return db.transaction().execute(async (trx) => {
    const accepted = await acceptSeededOrder(trx, {
      fonte,
      request: sampleRequest(fonte, uf),
      accountId,
      priceCentavos: price,
      ...(seed.acceptedAt === undefined ? {} : { acceptedAt: seed.acceptedAt }),
      ...(seed.referencia === undefined ? {} : { referencia: seed.referencia }),
    });
    const protocolo = accepted.protocolo;
    if (seed.debit !== false) {
      await debitOrder(trx, { accountId, orderId: accepted.id, protocolo, fonte, uf, amountCentavos: price });
    }
    if (seed.code === undefined) return accepted;
    await transition(trx, accepted.id, 'startAttempt', {});
    const finished = await transition(trx, accepted.id, 'finish', {
      code: seed.code,
      result: '{}',
      status_consulta: seed.statusConsulta ?? null,
      finished_at: seed.finishedAt ?? new Date(),
    });
    if (seed.refunded === true) await refundOrder(trx, { orderId: accepted.id, reason: 'teste', code: seed.code });
    return finished.order;
  });
}
