import type { PropertySearch } from '@regapi/origin';

/**
 * `data[0]` of `pesquisa-previa-bens` (contract 2.4) with the names contract 2.4 gives the fields the rules leave
 * unnamed. Everything comes from what the origin reported; what it did not report is null (contract 2.1).
 */
export interface SearchResultData {
  readonly resultado: 'POSITIVO' | 'NEGATIVO';
  readonly quantidade_imoveis: number;
  readonly nada_consta: boolean;
  readonly provisorio: boolean;
  readonly confianca: 'INDICIO';
  readonly pesquisado_nome: string | null;
  readonly pesquisado_documento: string;
  readonly protocolo_origem: string;
  readonly pesquisado_em: string;
  readonly uf_pesquisada: string;
  readonly resumo: string;
  readonly imoveis: readonly SearchResultRow[];
  readonly cobertura: SearchCoverageData;
  readonly site_receipts: readonly string[];
}

export interface SearchResultRow {
  /** Null: "record number not informed" — the record exists and the document appears in it (contract 2.4). */
  readonly matricula: string | null;
  readonly cartorio_nome: string;
  readonly cartorio_cns: string;
  readonly cartorio_numero: number;
  readonly cartorio_municipio: string;
  readonly cartorio_uf: string;
  readonly coleta_incompleta: boolean;
  readonly sem_resposta: boolean;
}

export interface SearchCoverageData {
  readonly retries_pendentes: boolean;
  readonly leitura_parcial: boolean;
  readonly linhas_na_origem: number;
  readonly cartorios_responderam: number;
  /** Compatibility duplicate of `linhas_na_origem`: NOT an office count (contract 2.4). */
  readonly linhas_retornadas: number;
  readonly cartorios_fora_do_ar: number;
  readonly cartorios_coleta_incompleta: number;
  readonly retries_realizados: number;
}

export function searchResultData(search: PropertySearch): SearchResultData {
  const c = search.coverage;
  // Contract 2.4: fewer offices read than the origin declares to exist (out-of-service ones stay counted).
  const leituraParcial = c.cartoriosResponderam < c.cartoriosTotal;
  const provisorio = c.retriesPendentes;
  const found = search.rows.length > 0;
  return {
    resultado: found ? 'POSITIVO' : 'NEGATIVO',
    quantidade_imoveis: search.rows.length,
    // Contract 2.4 and 7.11: true only when the search CLOSED, with no finding, over every office.
    nada_consta: !found && !provisorio && !leituraParcial,
    provisorio,
    // Contract 2.4: always an indication of ownership, never a confirmation; no input changes it.
    confianca: 'INDICIO',
    pesquisado_nome: search.pesquisadoNome,
    pesquisado_documento: search.pesquisadoDocumento,
    protocolo_origem: search.numeroPedido,
    pesquisado_em: search.executadaEm,
    uf_pesquisada: search.ufPesquisada,
    resumo: summary(search, leituraParcial),
    // Every row is kept, a null `matricula` included: it is a record that exists, not an absence.
    imoveis: search.rows.map((row) => ({
      matricula: row.matricula,
      cartorio_nome: row.cartorioNome,
      cartorio_cns: row.cartorioCns,
      cartorio_numero: row.cartorioNumero,
      cartorio_municipio: row.cartorioMunicipio,
      cartorio_uf: row.cartorioUf,
      coleta_incompleta: row.coletaIncompleta,
      sem_resposta: row.semResposta,
    })),
    cobertura: {
      retries_pendentes: c.retriesPendentes,
      leitura_parcial: leituraParcial,
      linhas_na_origem: c.linhas,
      cartorios_responderam: c.cartoriosResponderam,
      linhas_retornadas: c.linhas,
      cartorios_fora_do_ar: c.cartoriosForaDoAr,
      cartorios_coleta_incompleta: c.cartoriosColetaIncompleta,
      retries_realizados: c.retriesRealizados,
    },
    site_receipts: [search.receiptUrl],
  };
}

/** A plain-language sentence for display (`resumo`, contract 2.4). */
function summary(search: PropertySearch, leituraParcial: boolean): string {
  const c = search.coverage;
  const who = search.pesquisadoDocumento;
  const uf = search.ufPesquisada;
  const pending = c.retriesPendentes
    ? ` Resultado provisório: a origem ainda tenta cartórios que não responderam; pode mudar.`
    : '';
  if (search.rows.length > 0) {
    const offices = new Set(search.rows.map((row) => row.cartorioCns)).size;
    const records = search.rows.length;
    return (
      `O documento ${who} aparece em ${records} ${records === 1 ? 'matrícula' : 'matrículas'} de ${offices} ` +
      `${offices === 1 ? 'cartório' : 'cartórios'} de ${uf}. Indício, não confirmação de propriedade: o papel do ` +
      `documento em cada matrícula não é informado.${pending}`
    );
  }
  if (c.retriesPendentes) {
    return `Nenhuma matrícula encontrada até agora para ${who} em ${uf}.${pending}`;
  }
  if (leituraParcial) {
    return (
      `Nenhuma matrícula encontrada para ${who} nos ${c.cartoriosResponderam} de ${c.cartoriosTotal} cartórios de ` +
      `${uf} que responderam: leitura parcial, não conclusiva.`
    );
  }
  return `Nada consta para ${who} nos ${c.cartoriosTotal} cartórios de ${uf} (registros desde 01/01/1976).`;
}
