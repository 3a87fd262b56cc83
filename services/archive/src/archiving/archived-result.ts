import type { OrderResult, OrderResultBody } from '@regapi/orders';
import type { DocumentReading } from './read-document';

/**
 * The order's `data[0]` once its documents are archived: `documento_url` (where the product has it) points at our own
 * copy, and what was read from the PDFs fills `dados.conteudo` (record view) and `certidao_codigo` (certificate).
 * Everything else origin-session wrote stays as it was, `site_receipts` with the origin's link included (for audit).
 */
export function archivedResult(
  stored: OrderResult | null,
  documentoUrl: string,
  readings: readonly DocumentReading[],
): OrderResultBody {
  const data: OrderResultBody = stored?.data ?? {};
  let result: OrderResultBody = 'documento_url' in data ? { ...data, documento_url: documentoUrl } : data;
  for (const reading of readings) {
    if (reading.kind === 'visualizacao') {
      const dados = 'dados' in result ? result.dados : undefined;
      result = { ...result, dados: { ...dados, conteudo: reading.conteudo } };
    }
    if (reading.kind === 'certidao') result = { ...result, certidao_codigo: reading.certidaoCodigo };
  }
  return result;
}
