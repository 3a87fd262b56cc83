import type { Uf } from '@regapi/br';

/** A document at the origin: its URL expires (contract 8: 7 days); the archive keeps the copy that does not. */
export interface OriginDocumentLink {
  readonly url: string;
  readonly expiresAt: string;
}

export interface OfficeRef {
  readonly cns: string;
  readonly nome: string;
  readonly numero: number;
  readonly municipio: string;
  readonly uf: Uf;
}

/** A delivered record view (contract 2.5). */
export interface RecordView {
  readonly numeroPedido: string;
  /** The record actually served: when the registry returns a number it overrides the one sent (contract 2.5). */
  readonly matricula: string;
  readonly matriculaSolicitada: string;
  readonly cartorio: OfficeRef;
  readonly document: OriginDocumentLink;
  /** Fee charged by the origin, integer centavos. */
  readonly valorCentavos: number;
  readonly entregueEm: string;
}

/** A certificate order the office accepted with a protocol (contract 2.6 `EM_EMISSAO`). */
export interface CertificateAccepted {
  readonly numeroPedido: string;
  /** Expected delivery, computed by the origin in registry business hours (contract 8: about 4 of them). */
  readonly previsaoEntregaEm: string;
  readonly valorCentavos: number;
  readonly aceitoEm: string;
}

/** A certificate the office delivered, signed (PKCS#7) by the registry officer (contract 2.6 `SUCESSO`). */
export interface CertificateIssued {
  readonly numeroPedido: string;
  readonly matricula: string;
  readonly cartorio: OfficeRef;
  readonly document: OriginDocumentLink;
  /** Signature validator code, also printed in the PDF text layer. */
  readonly codigoValidacao: string;
  readonly emitidaEm: string;
  readonly valorCentavos: number;
}

export type OrderProduct = 'pesquisa-previa' | 'visualizacao' | 'certidao';

/**
 * One line of the origin's order listing, used by reconciliation after a timeout (contract 3). The origin lists
 * preliminary searches and record views only: no listing recovers a certificate (contract 2.6).
 */
export interface OrderSummary {
  readonly numeroPedido: string;
  readonly produto: OrderProduct;
  readonly criadoEm: string;
  /** `concluido` once delivered; `em_andamento` while the origin still works on it. */
  readonly situacao: 'concluido' | 'em_andamento';
  readonly cartorioCns: string | null;
  readonly matricula: string | null;
  readonly documento: OriginDocumentLink | null;
  readonly valorCentavos: number;
}

export interface OriginDocument {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}
