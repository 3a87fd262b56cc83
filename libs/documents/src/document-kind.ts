import type { Fonte } from '@regapi/contracts';
import type { DocumentKindColumn } from '@regapi/db';

/** What a delivered document is: a search's printed receipt, a record view, a certificate. */
export type DocumentKind = DocumentKindColumn;

export const DOCUMENT_KINDS: readonly DocumentKind[] = ['comprovante', 'visualizacao', 'certidao'];

export function isDocumentKind(value: string): value is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(value);
}

/**
 * THE document of a product, the one `GET /v1/consultas/{protocolo}/documento` serves (docs/decisions/0031): the
 * record view's PDF, the certificate's PDF, and for the preliminary search its printed receipt (contract 2.4
 * `site_receipts`: the archived official proof), the only document a search has.
 */
export const PRIMARY_DOCUMENT_KIND: Readonly<Record<Fonte, DocumentKind>> = Object.freeze({
  'pesquisa-previa-bens': 'comprovante',
  'visualizacao-matricula': 'visualizacao',
  'certidao-inteiro-teor': 'certidao',
});
