import { randomUUID } from 'node:crypto';
import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { debitOrder, refundOrder } from '@regapi/ledger';
import { acceptOrder, allocateProtocolo, type Order, transition } from '@regapi/orders';
import { orderRequestOf } from '@regapi/testkit';
import type { Kysely } from 'kysely';

export interface SeedOrder {
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
}

/** An order of `accountId` written straight to the tables, the way acceptance, origin-session and billing write it. */
export async function seedOrder(db: Kysely<Database>, accountId: string, seed: SeedOrder = {}): Promise<Order> {
  const fonte = seed.fonte ?? 'pesquisa-previa-bens';
  const price = seed.priceCentavos ?? 1_000;
  const uf = seed.uf ?? 'SP';
  return db.transaction().execute(async (trx) => {
    const protocolo = await allocateProtocolo(trx);
    const accepted = await acceptOrder(trx, {
      id: randomUUID(),
      protocolo,
      accountId,
      tokenId: null,
      fonte,
      request: orderRequestOf(fonte),
      imovelChave: null,
      uf,
      priceCentavos: price,
      quote: {},
      aceite: { code: 202 },
      requestId: randomUUID(),
      ...(seed.acceptedAt === undefined ? {} : { acceptedAt: seed.acceptedAt }),
    });
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
