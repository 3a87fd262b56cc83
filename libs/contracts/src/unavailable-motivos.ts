/**
 * Why a quote or an execution is 602 (unavailable, contract 7.6): the machine-readable `data[0].motivo`, free, origin not
 * called (docs/decisions/0025, 0027). The gateway answers them; this is the one list the API reference and the
 * OpenAPI document read.
 */

/** Refusals of the quote, which the execution answers too: it prices through the same quote (decision 0025). */
export const QUOTE_REFUSAL_MOTIVOS = [
  'produto_fora_de_servico',
  'cartorio_nao_encontrado',
  'cartorio_fora_de_servico',
  'tarifa_desconhecida',
  'plano_sem_margem',
] as const;
export type QuoteRefusalMotivo = (typeof QUOTE_REFUSAL_MOTIVOS)[number];

/** Execution only: the same record and office ordered on the platform within the block window (contract 3, decision 0027). */
export const ORDER_BLOCK_MOTIVO = 'pedido_em_vigor';

export const UNAVAILABLE_MOTIVOS = [...QUOTE_REFUSAL_MOTIVOS, ORDER_BLOCK_MOTIVO] as const;
export type UnavailableMotivo = (typeof UNAVAILABLE_MOTIVOS)[number];

/** When each motivo is answered, in Portuguese, for the API reference (docs/api.md, "602"). */
export const UNAVAILABLE_MOTIVO_QUANDO: Readonly<Record<UnavailableMotivo, string>> = Object.freeze({
  produto_fora_de_servico:
    'o produto está fora de serviço (um 602 ou 603 da origem); um operador o recoloca em serviço (contract 7.5)',
  cartorio_nao_encontrado:
    'nenhum cartório com esse número nesse município e UF (município errado do cartório, número inexistente)',
  cartorio_fora_de_servico: 'o cartório existe, mas está fora de serviço na origem e não cota',
  tarifa_desconhecida:
    'a tarifa é 0,00 ou ausente (do cartório, ou da UF na pesquisa): zero significa desconhecida, não grátis (contract 7.9)',
  plano_sem_margem: 'o plano da conta não tem preço para o produto',
  pedido_em_vigor:
    'execução de visualização ou certidão da mesma matrícula e cartório já pedida na plataforma nos últimos 7 dias (estimativa); data[0].aceito_novamente_a_partir_de diz quando (contract 3)',
});
