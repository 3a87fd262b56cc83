import type { Uf } from '@regapi/br';

/**
 * One row of the origin's preliminary search: one RECORD in which the document appears (contract 2.4). An office with
 * several findings repeats, one row per record. The role of the target in the record is not qualified, no act date.
 */
export interface SearchRow {
  /** Null when the origin answered "record number not informed": the record EXISTS, this is not absence. */
  readonly matricula: string | null;
  readonly cartorioCns: string;
  readonly cartorioNome: string;
  readonly cartorioNumero: number;
  readonly cartorioMunicipio: string;
  readonly cartorioUf: Uf;
  /** The office declared an incomplete collection of its index. */
  readonly coletaIncompleta: boolean;
  /** The office did not answer in this run: the row comes from the origin's previous collection. */
  readonly semResposta: boolean;
}

/** Proof of reach as the origin reports it (contract 2.4 `cobertura`; the service derives `leitura_parcial`). */
export interface SearchCoverage {
  /** Offices the origin declares to exist in the UF, out-of-service ones included. */
  readonly cartoriosTotal: number;
  /** DISTINCT offices that answered in this run. */
  readonly cartoriosResponderam: number;
  readonly cartoriosForaDoAr: number;
  readonly cartoriosColetaIncompleta: number;
  /** Rows returned (`linhas_na_origem`): exceeds the office count whenever there is a finding. */
  readonly linhas: number;
  /** The origin has not closed the search: offices are being retried, a later `checkOrder` may change it. */
  readonly retriesPendentes: boolean;
  readonly retriesRealizados: number;
}

export interface PropertySearch {
  /** The origin's protocol of the order: the reconciliation key (contract 2.4). */
  readonly numeroPedido: string;
  /** Who the ORIGIN says was searched, in its own spelling; it echoes the sent name without checking it. */
  readonly pesquisadoNome: string | null;
  /** The document actually searched, formatted by the origin. */
  readonly pesquisadoDocumento: string;
  readonly ufPesquisada: Uf;
  /** When the origin ran the search (ISO 8601). */
  readonly executadaEm: string;
  /** Whole run and its office-scanning part (contract 8: about 85% of the typical time). */
  readonly duracaoMs: number;
  readonly varreduraMs: number;
  readonly rows: readonly SearchRow[];
  readonly coverage: SearchCoverage;
  /** The origin's printed screen (PDF or PNG) with protocol and date, for a finding and for no finding. */
  readonly receiptUrl: string;
}
