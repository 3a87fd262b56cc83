import { type Fonte, finishedResultMessage, moneyOutcomeOfFinished, type ResultCode } from '@regapi/contracts';
import type { OrderResultBody } from './order-result';

/**
 * `data[0]` of an order that ended without a delivery: the product's fields, null where the origin reported nothing
 * (contract 2.1: never 0, never ""), and a sentence saying what happened. The search keeps its two constant facts
 * (`nada_consta` false: nothing was concluded) and claims no confidence: `confianca` is null, like every other fact the
 * origin did not report (contract 2.1, 2.4; docs/decisions/0147). Written by origin-session (the origin's failures)
 * and by the archive (a document it could not keep). The sentence is the one table's (libs/contracts
 * `finishedResultMessage`: what happened, the money, what to do next), then `note` (the cause, never money).
 */
export function failureResultData(
  fonte: Fonte,
  code: ResultCode,
  detail: { readonly numeroPedido?: string | null; readonly note?: string },
): OrderResultBody {
  const text = finishedResultMessage(code, fonte, moneyOutcomeOfFinished(code, fonte));
  const mensagem = detail.note === undefined ? text : `${detail.note} ${text}`;
  const numeroPedido = detail.numeroPedido ?? null;
  switch (fonte) {
    case 'pesquisa-previa-bens':
      return {
        resultado: null,
        quantidade_imoveis: null,
        nada_consta: false,
        provisorio: false,
        confianca: null,
        pesquisado_nome: null,
        pesquisado_documento: null,
        protocolo_origem: numeroPedido,
        pesquisado_em: null,
        uf_pesquisada: null,
        resumo: mensagem,
        imoveis: null,
        cobertura: null,
        site_receipts: [],
      };
    case 'visualizacao-matricula':
      return {
        status_consulta: null,
        documento_url: null,
        mensagem,
        site_receipts: [],
        identificadores: { numero_pedido: numeroPedido, matricula: null },
        dados: { conteudo: null, cartorio: null, municipio: null, uf: null, total_pago: null },
      };
    case 'certidao-inteiro-teor':
      return {
        status_consulta: null,
        status: null,
        previsao_entrega_em: null,
        documento_url: null,
        certidao_codigo: null,
        mensagem,
        site_receipts: [],
        identificadores: { numero_pedido: numeroPedido },
      };
  }
}
