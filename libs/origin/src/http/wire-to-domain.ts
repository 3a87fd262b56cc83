import { parsePrintedReais, type Uf } from '@regapi/br';
import type { Catalog, Tariffs } from '../catalog';
import type {
  CertificateAccepted,
  CertificateIssued,
  OfficeRef,
  OrderSummary,
  OriginDocumentLink,
  RecordView,
} from '../orders';
import type { PropertySearch } from '../search';
import {
  MATRICULA_NAO_INFORMADA,
  type WireCatalog,
  type WireCertificateDetail,
  type WireDocumentLink,
  type WireOfficeRef,
  type WireOrderListItem,
  type WireRecordView,
  type WireSearch,
  type WireTariffs,
} from './wire';

/**
 * Validated wire answers → the port's types. The only facts checked here are those a schema cannot state (amounts
 * that parse, a result that agrees with its rows); a failure is a `ProtocolViolation`, reported as `protocol-error`.
 */
export class ProtocolViolation extends Error {
  override readonly name = 'ProtocolViolation';
}

export function centavos(text: string, field: string): number {
  const value = parsePrintedReais(text);
  if (value === undefined) throw new ProtocolViolation(`${field}: "${text}" is not an amount in reais`);
  return value;
}

export function toSearch(wire: WireSearch): PropertySearch {
  const rows = wire.linhas.map((row) => ({
    // contract 2.4: "record number not informed" is a record that exists, so it becomes null, never absence.
    matricula: row.matricula === MATRICULA_NAO_INFORMADA ? null : row.matricula,
    cartorioCns: row.cns,
    cartorioNome: row.cartorio,
    cartorioNumero: row.numero_cartorio,
    cartorioMunicipio: row.municipio,
    cartorioUf: row.uf,
    coletaIncompleta: row.coleta_incompleta,
    semResposta: row.sem_resposta,
  }));
  if ((wire.resultado === 'POSITIVO') !== rows.length > 0) {
    throw new ProtocolViolation(`search ${wire.numero_pedido}: ${wire.resultado} with ${rows.length} rows`);
  }
  const c = wire.cobertura;
  return {
    numeroPedido: wire.numero_pedido,
    pesquisadoNome: wire.pesquisado.nome,
    pesquisadoDocumento: wire.pesquisado.documento,
    ufPesquisada: wire.uf,
    executadaEm: wire.executada_em,
    duracaoMs: wire.duracao_ms,
    varreduraMs: wire.varredura_ms,
    rows,
    coverage: {
      cartoriosTotal: c.cartorios_total,
      cartoriosResponderam: c.cartorios_responderam,
      cartoriosForaDoAr: c.cartorios_fora_do_ar,
      cartoriosColetaIncompleta: c.cartorios_coleta_incompleta,
      linhas: c.total_linhas,
      retriesPendentes: wire.situacao === 'EM_RETENTATIVA',
      retriesRealizados: c.retentativas_realizadas,
    },
    receiptUrl: wire.comprovante_url,
  };
}

function toOffice(wire: WireOfficeRef): OfficeRef {
  return { cns: wire.cns, nome: wire.nome, numero: wire.numero, municipio: wire.municipio, uf: wire.uf };
}

function toLink(wire: WireDocumentLink): OriginDocumentLink {
  return { url: wire.url, expiresAt: wire.expira_em };
}

export function toRecordView(wire: WireRecordView): RecordView {
  return {
    numeroPedido: wire.numero_pedido,
    matricula: wire.matricula,
    matriculaSolicitada: wire.matricula_solicitada,
    cartorio: toOffice(wire.cartorio),
    document: toLink(wire.documento),
    valorCentavos: centavos(wire.valor, 'valor'),
    entregueEm: wire.entregue_em,
  };
}

export function toCertificateAccepted(
  numeroPedido: string,
  previsaoEntregaEm: string,
  valor: string,
  aceitoEm: string,
): CertificateAccepted {
  return { numeroPedido, previsaoEntregaEm, valorCentavos: centavos(valor, 'valor'), aceitoEm };
}

export type CertificateState =
  | { readonly kind: 'accepted'; readonly certificate: CertificateAccepted }
  | { readonly kind: 'certificate-issued'; readonly certificate: CertificateIssued };

export function toCertificateState(wire: WireCertificateDetail): CertificateState {
  if (wire.situacao === 'EM_ANDAMENTO') {
    return {
      kind: 'accepted',
      certificate: toCertificateAccepted(wire.numero_pedido, wire.previsao_entrega_em, wire.valor, wire.aceito_em),
    };
  }
  if (!wire.documento || !wire.codigo_validacao || !wire.emitida_em) {
    throw new ProtocolViolation(`certificate ${wire.numero_pedido} issued without document, code or date`);
  }
  return {
    kind: 'certificate-issued',
    certificate: {
      numeroPedido: wire.numero_pedido,
      matricula: wire.matricula,
      cartorio: toOffice(wire.cartorio),
      document: toLink(wire.documento),
      codigoValidacao: wire.codigo_validacao,
      emitidaEm: wire.emitida_em,
      valorCentavos: centavos(wire.valor, 'valor'),
    },
  };
}

export function toOrderSummary(wire: WireOrderListItem): OrderSummary {
  return {
    numeroPedido: wire.numero_pedido,
    produto: wire.produto === 'PESQUISA_PREVIA' ? 'pesquisa-previa' : 'visualizacao',
    criadoEm: wire.criado_em,
    situacao: wire.situacao === 'CONCLUIDO' ? 'concluido' : 'em_andamento',
    cartorioCns: wire.cns,
    matricula: wire.matricula,
    documento: wire.documento ? toLink(wire.documento) : null,
    valorCentavos: centavos(wire.valor, 'valor'),
  };
}

export function toCatalog(wire: WireCatalog): Catalog {
  if (wire.total !== wire.cartorios.length) {
    // A truncated list would silently drop offices from every quote: refuse it whole.
    throw new ProtocolViolation(`catalog declares ${wire.total} offices and lists ${wire.cartorios.length}`);
  }
  return {
    geradoEm: wire.gerado_em,
    offices: wire.cartorios.map((office) => ({
      cns: office.cns,
      numero: office.numero,
      nome: office.nome,
      municipio: office.municipio,
      uf: office.uf,
      timeZone: office.fuso_horario,
      disponivel: office.situacao === 'ATIVO',
    })),
  };
}

export function toTariffs(wire: WireTariffs): Tariffs {
  return {
    vigencia: wire.vigencia,
    pesquisaPrevia: wire.pesquisa_previa.map((fee) => ({
      uf: fee.uf satisfies Uf,
      pesquisaPreviaCentavos: centavos(fee.valor, `pesquisa_previa.${fee.uf}`),
    })),
    cartorios: wire.cartorios.map((fee) => ({
      cns: fee.cns,
      certidaoCentavos: centavos(fee.certidao, `certidao.${fee.cns}`),
      visualizacaoCentavos: centavos(fee.visualizacao, `visualizacao.${fee.cns}`),
    })),
  };
}
