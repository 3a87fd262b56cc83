import { checkPdfSignature, extractPdfText, findValidatorCode, type PdfSignatureCheck } from '@regapi/origin';
import type { Logger } from '@regapi/telemetry';
import type { FetchedDocument } from './fetch-document';

/** What the archive reads from a stored document into the order's result (contract 2.5, 2.6). */
export type DocumentReading =
  /** Contract 2.5 `dados.conteudo`: the text layer; null when the office sent none (not a missing document). */
  | { readonly kind: 'visualizacao'; readonly conteudo: string | null }
  /** Contract 2.6 `certidao_codigo` from the text layer (null when absent), and the signature's verdict. */
  | { readonly kind: 'certidao'; readonly certidaoCodigo: string | null; readonly signature: PdfSignatureCheck }
  /** A search's printed receipt: kept as proof, nothing read from it. */
  | { readonly kind: 'comprovante' };

export async function readDocument(document: FetchedDocument, logger: Logger): Promise<DocumentReading> {
  switch (document.source.kind) {
    case 'visualizacao':
      return { kind: 'visualizacao', conteudo: await textLayer(document, logger) };
    case 'certidao': {
      const text = await textLayer(document, logger);
      return {
        kind: 'certidao',
        certidaoCodigo: text === null ? null : findValidatorCode(text),
        signature: checkPdfSignature(document.bytes),
      };
    }
    case 'comprovante':
      return { kind: 'comprovante' };
  }
}

/**
 * The text layer, or null. A PDF pdf.js cannot read passed the framing check already, so it is archived anyway (it is
 * what the office delivered) and treated like an image-only one: no text, logged.
 */
async function textLayer(document: FetchedDocument, logger: Logger): Promise<string | null> {
  try {
    return await extractPdfText(document.bytes);
  } catch (error: unknown) {
    logger.warn(
      { err: error, kind: document.source.kind, sha256: document.sha256 },
      'the PDF text layer could not be read; archived without text',
    );
    return null;
  }
}
