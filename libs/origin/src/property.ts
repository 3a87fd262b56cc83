import type { Uf } from '@regapi/br';
import type { Finalidade } from '@regapi/contracts';

export type { Finalidade };

/**
 * A property as the origin addresses it (contract 1.6): record number + office number + municipality of the OFFICE +
 * UF of the office. Names mirror the API fields (`imovel_matricula`, `imovel_cartorio`, ...).
 */
export interface PropertyRef {
  /** Record number or national record code (CNM); leading zeros are accepted by the origin. */
  readonly matricula: string;
  /** The office's number within its municipality (`1` for the first). */
  readonly cartorioNumero: number;
  /** Municipality of the registry office, not of the property. */
  readonly cartorioMunicipio: string;
  readonly cartorioUf: Uf;
}

/** Preliminary search input (contract 2.3): ONE UF per call, the document is the only search key. */
export interface SearchQuery {
  readonly cpfCnpj: string;
  readonly uf: Uf;
  /** Echoed by the origin unchecked (contract 2.4 `pesquisado_nome`). */
  readonly nome?: string;
  readonly finalidade?: Finalidade;
}
