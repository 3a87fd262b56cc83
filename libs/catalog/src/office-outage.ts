import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { type CatalogOffice, toCatalogOffice } from './catalog-office';
import { findOffice, type OfficeAddress } from './lookups';
import { municipioKey } from './municipio-key';

type Db = Kysely<Database> | Transaction<Database>;

/** The office after a mark, and whether this mark changed it (it may have been out already). */
export interface OfficeMark {
  readonly office: CatalogOffice;
  readonly changed: boolean;
}

/**
 * Issue 12: the origin answered that ONE office is out of service (not the product). The office at `address` is marked
 * unavailable in the local catalog, so quotes and executions refuse it (602, free, the origin not called) exactly as
 * they refuse the offices the origin's own catalog lists out of service. It comes back only when the origin shows it
 * back: the next catalog sync (`syncCatalog`) replaces every office with what the origin says (decision 0047).
 * Undefined when the catalog has no office there (nothing to mark).
 */
export async function markOfficeUnavailable(db: Db, address: OfficeAddress): Promise<OfficeMark | undefined> {
  const row = await db
    .updateTable('catalog_office')
    .set({ disponivel: false })
    .where('uf', '=', address.uf)
    .where('municipio_chave', '=', municipioKey(address.municipio))
    .where('numero', '=', address.numero)
    .where('disponivel', '=', true)
    .returningAll()
    .executeTakeFirst();
  if (row !== undefined) return { office: toCatalogOffice(row), changed: true };
  const office = await findOffice(db, address);
  return office === undefined ? undefined : { office, changed: false };
}
