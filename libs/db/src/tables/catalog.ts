import type { ColumnType } from 'kysely';

/** A registry office of the local catalog (migration 0008; libs/catalog). */
export interface CatalogOfficeTable {
  cns: string;
  numero: number;
  nome: string;
  municipio: string;
  /** `municipio` without accents, case or punctuation: what a client's spelling is compared with. */
  municipio_chave: string;
  uf: string;
  time_zone: string;
  disponivel: boolean;
}

/** The origin's fee of a product in a whole UF (the preliminary search), integer centavos; 0 = unknown. */
export interface CatalogUfFeeTable {
  fonte: string;
  uf: string;
  centavos: number;
}

/** The origin's fee of a product at one office (record view, certificate), integer centavos; 0 = unknown. */
export interface CatalogOfficeFeeTable {
  fonte: string;
  cns: string;
  centavos: number;
}

/** One completed catalog sync; the newest row describes the catalog in force. */
export interface CatalogSyncTable {
  id: ColumnType<number, never, never>;
  synced_at: Date;
  origin_generated_at: Date;
  vigencia: ColumnType<Date, string, never>;
  offices: number;
  offices_available: number;
  uf_fees: number;
  office_fees: number;
}

/** The local catalog of registry offices and the origin's fees (libs/catalog). */
export interface CatalogTables {
  catalog_office: CatalogOfficeTable;
  catalog_uf_fee: CatalogUfFeeTable;
  catalog_office_fee: CatalogOfficeFeeTable;
  catalog_sync: CatalogSyncTable;
}
