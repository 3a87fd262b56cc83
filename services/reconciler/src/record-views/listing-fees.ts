import type { ListedOriginOrder } from '@regapi/bus';
import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { recordRegistryFee } from '@regapi/ledger';
import type { Transaction } from 'kysely';

/** The product of our catalog a listed origin order is (the label metrics and fees use). */
export const FONTE_OF_PRODUTO: Readonly<Record<ListedOriginOrder['produto'], Fonte>> = {
  'pesquisa-previa': 'pesquisa-previa-bens',
  visualizacao: 'visualizacao-matricula',
  certidao: 'certidao-inteiro-teor',
};

/**
 * Records the fee of every concluded order of an origin listing (docs/decisions/0102): the one source of a search's
 * fee, and of an order that is not ours; an origin order's fee already recorded (from its answer or an earlier
 * listing) stands. An order the origin still works on is recorded when a later listing shows it concluded.
 * Returns how many fees were new.
 */
export async function recordListingFees(
  trx: Transaction<Database>,
  orders: readonly ListedOriginOrder[],
): Promise<number> {
  let recorded = 0;
  for (const listed of orders) {
    if (listed.situacao !== 'concluido') continue;
    const chargedAt = new Date(listed.criadoEm);
    const fresh = await recordRegistryFee(trx, {
      numeroPedido: listed.numeroPedido,
      fonte: FONTE_OF_PRODUTO[listed.produto],
      feeCentavos: listed.valorCentavos,
      chargedAt,
      source: 'listing',
    });
    if (fresh) recorded++;
  }
  return recorded;
}
