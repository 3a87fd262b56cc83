import type { Uf } from '@regapi/br';

/** One registry office of the origin's catalog (architecture rule 5: quotes are computed from this, locally). */
export interface Office {
  /** CNS, the national office code: 6 digits. */
  readonly cns: string;
  /** Number of the office within its municipality (`2` in "2º Oficial de Registro de Imóveis de Campinas"). */
  readonly numero: number;
  readonly nome: string;
  readonly municipio: string;
  readonly uf: Uf;
  /** IANA zone of the office: business hours run in the office's local time. */
  readonly timeZone: string;
  /** False for offices out of service: they stay counted (contract 2.4, 85 of 3,567). */
  readonly disponivel: boolean;
}

export interface Catalog {
  readonly offices: readonly Office[];
  /** When the origin produced this list. */
  readonly geradoEm: string;
}

/** Fees in integer centavos (architecture rule 3); a 0 fee means unknown, never free (contract 7.9). */
export interface UfSearchFee {
  readonly uf: Uf;
  readonly pesquisaPreviaCentavos: number;
}

export interface OfficeFees {
  readonly cns: string;
  readonly certidaoCentavos: number;
  /** Provimento CNJ 127/2022: one third of the digital certificate fee. */
  readonly visualizacaoCentavos: number;
}

export interface Tariffs {
  /** Start of the tariff table in force (ISO date). */
  readonly vigencia: string;
  readonly pesquisaPrevia: readonly UfSearchFee[];
  readonly cartorios: readonly OfficeFees[];
}
