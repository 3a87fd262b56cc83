import type { Uf } from '@regapi/br';
import type { Fonte } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { type CatalogOffice, toCatalogOffice } from './catalog-office';
import { municipioKey } from './municipio-key';

type Db = Kysely<Database> | Transaction<Database>;

export interface OfficeAddress {
  readonly uf: Uf;
  /** Municipality of the OFFICE (contract 2.3), in any case, with or without accents. */
  readonly municipio: string;
  /** Number of the office within the municipality. */
  readonly numero: number;
}

/**
 * The office at an address (contract 1.6: record + office number + municipality of the office + UF), or undefined when
 * the catalog has none there: the quote answers 602 without calling the origin (contract 3). Out-of-service offices ARE
 * found (`disponivel` false): telling "does not exist" from "out of service" is the caller's business.
 */
export async function findOffice(db: Db, address: OfficeAddress): Promise<CatalogOffice | undefined> {
  const row = await db
    .selectFrom('catalog_office')
    .selectAll()
    .where('uf', '=', address.uf)
    .where('municipio_chave', '=', municipioKey(address.municipio))
    .where('numero', '=', address.numero)
    .executeTakeFirst();
  return row === undefined ? undefined : toCatalogOffice(row);
}

export async function findOfficeByCns(db: Db, cns: string): Promise<CatalogOffice | undefined> {
  const row = await db.selectFrom('catalog_office').selectAll().where('cns', '=', cns).executeTakeFirst();
  return row === undefined ? undefined : toCatalogOffice(row);
}

/**
 * The origin's fee of a property product (record view, certificate) at `office`, integer centavos; undefined when
 * unknown: no fee in the catalog, a fee of 0 (unknown, never free: architecture rule 5), or a product that is
 * not priced per office (the preliminary search is priced per UF: `searchFee`).
 */
export async function officeFee(db: Db, fonte: Fonte, office: Pick<CatalogOffice, 'cns'>): Promise<number | undefined> {
  const row = await db
    .selectFrom('catalog_office_fee')
    .select('centavos')
    .where('fonte', '=', fonte)
    .where('cns', '=', office.cns)
    .executeTakeFirst();
  return known(row?.centavos);
}

/**
 * The origin's fee of the preliminary search in `uf`, integer centavos; undefined when unknown. Contract 7.9: the UF whose
 * fee is R$ 0,00 is not offered, because a zero fee means unknown, not free.
 */
export async function searchFee(db: Db, uf: Uf): Promise<number | undefined> {
  const row = await db
    .selectFrom('catalog_uf_fee')
    .select('centavos')
    .where('fonte', '=', 'pesquisa-previa-bens')
    .where('uf', '=', uf)
    .executeTakeFirst();
  return known(row?.centavos);
}

function known(centavos: number | undefined): number | undefined {
  return centavos === undefined || centavos <= 0 ? undefined : centavos;
}
