import { formatBrl } from '@regapi/br';
import type { RecordView } from '@regapi/origin';

/** `data[0]` of `visualizacao-matricula` (contract 2.5, 11 fields in 3 blocks). */
export interface RecordViewResultData {
  readonly status_consulta: 'SUCESSO' | null;
  /** The service's own archived copy: set by the archive once stored; null until then. */
  readonly documento_url: string | null;
  readonly mensagem: string;
  readonly site_receipts: readonly string[];
  readonly identificadores: { readonly numero_pedido: string | null; readonly matricula: string | null };
  readonly dados: {
    /** The text layer, read by the archive from the PDF it stores; null when the office sends none. */
    readonly conteudo: string | null;
    readonly cartorio: string | null;
    readonly municipio: string | null;
    readonly uf: string | null;
    readonly total_pago: string | null;
  };
}

/** A delivered record view. `priceCentavos` is what the order debited (`header.price` of the acceptance). */
export function recordViewResultData(view: RecordView, priceCentavos: number): RecordViewResultData {
  return {
    status_consulta: 'SUCESSO',
    documento_url: null,
    mensagem:
      `Visualização da matrícula ${view.matricula} do ${view.cartorio.nome} entregue (pedido ${view.numeroPedido}). ` +
      'É um documento informativo: não tem fé pública nem validade de certidão.',
    // Contract 2.5: the origin's PDF URL, valid 7 days, for conferral and audit only.
    site_receipts: [view.document.url],
    identificadores: { numero_pedido: view.numeroPedido, matricula: view.matricula },
    dados: {
      conteudo: null,
      cartorio: view.cartorio.nome,
      municipio: view.cartorio.municipio,
      uf: view.cartorio.uf,
      total_pago: formatBrl(priceCentavos), // contract 2.5; the one rendering of decision 0113
    },
  };
}
