import {
  centavosToReais,
  type DataItem,
  type PesquisaNacionalRequest,
  validatePesquisaNacionalBody,
} from '@regapi/contracts';
import { pollingPath } from '../executions/acceptance-answers';
import { type BatchKind, batchPath } from './batch-acceptance';
import { computeNationwideQuote, type NationwideQuote, nationwideQuoteAnswer } from './nationwide-quote';

export const BATCH_ACCEPTED_MESSAGE =
  'Pesquisa nacional aceita e debitada: um pedido e uma cobrança por UF ofertada (data[0].pedidos). Consulte o lote em data[0].consultar_em depois de data[0].consultar_daqui_s segundos.';

const FONTE = 'pesquisa-previa-bens';

function offeredOf(quote: NationwideQuote) {
  return quote.ok ? quote.offered : [];
}

/**
 * The nationwide preliminary search (issue 16; docs/decisions/0087): the nationwide quote (only the UFs offered; none
 * is a 602), one order and one debit per UF offered, through the batch acceptance every kind shares. A balance that
 * does not cover the SUM refuses the whole batch: nothing is charged, the key stays free.
 */
export const NATIONWIDE_BATCH: BatchKind<PesquisaNacionalRequest, NationwideQuote> = {
  name: 'pesquisa-nacional',
  fonte: FONTE,
  validate: validatePesquisaNacionalBody,
  quote: computeNationwideQuote,
  answer: nationwideQuoteAnswer,
  items: (quote) =>
    offeredOf(quote).map((offered) => ({
      uf: offered.uf,
      request: offered.request,
      price: offered.price,
      target: { uf: offered.uf },
      imovelChave: null,
    })),
  acceptedMessage: BATCH_ACCEPTED_MESSAGE,
  accepted: (quote, batch) => ({
    lote: batch.lote,
    fonte: FONTE,
    abrangencia: 'nacional',
    estado: 'processando',
    consultar_em: batchPath(batch.lote),
    consultar_daqui_s: batch.consultarDaquiS,
    pedidos: batch.orders.map((order) => ({
      uf: order.item.uf,
      protocolo: order.protocolo,
      consultar_em: pollingPath(order.protocolo),
      consultar_daqui_s: order.consultarDaquiS,
      preco: centavosToReais(order.item.price.totalCentavos),
    })),
    ufs_nao_ofertadas: quote.excluded.map((item): DataItem => ({ uf: item.uf, motivo: item.motivo })),
  }),
};
