import type { Database } from '@regapi/db';
import { allocateProtocolo } from '@regapi/orders';
import { acceptSeededOrder, sampleRequest } from '@regapi/testkit';
import type { Kysely } from 'kysely';

/**
 * A record view of Campinas' 2nd office accepted for `accountId` (R$ 45,67), its record key made from its own protocolo
 * unless `imovelChave` is given (null: none), as the transition tests start from.
 */
export function acceptRecordView(
  db: Kysely<Database>,
  options: { readonly accountId: string; readonly imovelChave?: string | null | undefined },
) {
  return db.transaction().execute(async (trx) => {
    const protocolo = await allocateProtocolo(trx);
    return acceptSeededOrder(trx, {
      fonte: 'visualizacao-matricula',
      request: sampleRequest('visualizacao-matricula', 'SP'),
      protocolo,
      accountId: options.accountId,
      imovelChave: options.imovelChave === undefined ? `SP|CAMPINAS|2|${protocolo}` : options.imovelChave,
      priceCentavos: 4567,
      quote: { emolumentos: 4000, margem: 567 },
    });
  });
}
