import { isUf, type Uf } from '@regapi/br';
import type { Database } from '@regapi/db';
import type { Selectable } from 'kysely';

/** A registry office as the rest of the system reads it from the local catalog. */
export interface CatalogOffice {
  /** National office code, 6 digits. */
  readonly cns: string;
  /** Number of the office within its municipality (contract 2.3 `imovel_cartorio`). */
  readonly numero: number;
  readonly nome: string;
  /** As the origin spells it. */
  readonly municipio: string;
  readonly uf: Uf;
  /** IANA zone of the office: registry business hours run in its local time (contract 8). */
  readonly timeZone: string;
  /** False for an office out of service: counted, never quoted. */
  readonly disponivel: boolean;
}

/** The one place a catalog row becomes a CatalogOffice. */
export function toCatalogOffice(row: Selectable<Database['catalog_office']>): CatalogOffice {
  // The column is checked to two uppercase letters and filled only from typed offices: anything else is corruption.
  if (!isUf(row.uf)) throw new Error(`catalog_office ${row.cns} has an invalid UF ${row.uf}`);
  return {
    cns: row.cns,
    numero: row.numero,
    nome: row.nome,
    municipio: row.municipio,
    uf: row.uf,
    timeZone: row.time_zone,
    disponivel: row.disponivel,
  };
}
