import type { DocumentReading } from './read-document';

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/**
 * The order's `data[0]` once its documents are archived: `documento_url` (where the product has it) points at our own
 * copy, and what was read from the PDFs fills `dados.conteudo` (record view) and `certidao_codigo` (certificate).
 * Everything else origin-session wrote stays as it was, `site_receipts` with the origin's link included (for audit).
 */
export function archivedResult(
  stored: unknown,
  documentoUrl: string,
  readings: readonly DocumentReading[],
): Record<string, unknown> {
  const result = objectOf(stored);
  if ('documento_url' in result) result.documento_url = documentoUrl;
  for (const reading of readings) {
    if (reading.kind === 'visualizacao') result.dados = { ...objectOf(result.dados), conteudo: reading.conteudo };
    if (reading.kind === 'certidao') result.certidao_codigo = reading.certidaoCodigo;
  }
  return result;
}
