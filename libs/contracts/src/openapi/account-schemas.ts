import { AMBIENTES } from '../ambiente';
import { ORDER_LIST_ESTADOS } from '../order-list';
import { FONTES, scopeOf } from '../products';
import { RESULT_CODES } from '../result-codes';
import type { JsonObject } from './json';
import { instant, integer, nullable, nullableText, objectSchema, reais, text } from './schema-helpers';

/** `data[0]` of `GET /v1/token` and the lines of `GET /v1/extrato` (docs/api.md; decisions 0015, 0018). */
export const ACCOUNT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Token: objectSchema('O token verificado (contract 5.5).', {
    conta: text('A conta a que o token pertence.', { format: 'uuid' }),
    token_id: text('O id do token (seu jti): cite-o para revogá-lo.', { format: 'uuid' }),
    escopos: {
      type: 'array',
      description: 'Os escopos do token, consultas:{fonte}, na ordem dos produtos.',
      items: { type: 'string', enum: FONTES.map(scopeOf) },
    },
    expira_em: instant('Quando o token deixa de valer (ISO 8601, UTC).'),
    ambiente: text(
      'producao, ou teste: um token do sandbox, cujos pedidos rodam no simulador da origem com saldo de teste que se recarrega (decisão 0099, docs/sandbox.md).',
      { enum: [...AMBIENTES] },
    ),
  }),
  ExtratoLinha: objectSchema('Uma linha do extrato da conta do token, na ordem em que foi aplicada.', {
    lancamento_id: text('O lançamento no razão.', { format: 'uuid' }),
    data_hora: instant('Quando foi aplicado (ISO 8601, UTC).'),
    tipo: text('recarga, debito (uma execução), estorno (devolução) ou ajuste (ajuste manual).'),
    valor: reais('Valor com sinal, em reais: negativo num débito.'),
    saldo_apos: reais('Saldo em reais logo depois desta linha.'),
    protocolo: nullableText('O protocolo do pedido, em debito e estorno.'),
    fonte: nullableText('O produto do pedido, em debito e estorno.'),
    uf: nullableText('A UF do pedido, em debito e estorno.'),
    codigo_resultado: nullable({
      type: 'integer',
      description: 'O código de resultado que causou uma devolução (contract 7.3).',
    }),
    classe_resultado: nullableText('A classe desse código (contract 7.3).'),
    referencia: nullableText(
      'Obsoleto (até 2027-06-30; decisão 0144): o mesmo que referencia_pagamento. Use referencia_pagamento ou referencia_cliente.',
    ),
    motivo: nullableText('Por que uma devolução ou um ajuste foi feito.'),
    referencia_pagamento: nullableText('A referência de pagamento de uma recarga (ou de um ajuste); null nas demais.'),
    referencia_cliente: nullableText(
      'A referencia que o cliente deu ao pedido no corpo da execução, em debito e estorno; null se nenhuma.',
    ),
  }),
  Saldo: objectSchema('O saldo da conta do token agora (decisão 0091).', {
    saldo: reais('Saldo disponível em reais: os débitos dos pedidos aceitos já foram descontados.'),
    limite_saldo_baixo: nullable(reais('O limite de saldo baixo definido no console, em reais; null: nenhum.')),
    saldo_baixo: { type: 'boolean', description: 'O saldo está abaixo do limite de saldo baixo.' },
    reservado: reais(
      'Quanto dos débitos está em pedidos ainda não liquidados, em reais: em andamento, ou concluídos com devolução devida e ainda não feita, ou visualização 605 aguardando a conciliação (decisão 0091). Já descontado do saldo; volta a ele se a liquidação devolver.',
    ),
    pedidos_nao_liquidados: integer('Quantos pedidos são esses.', { minimum: 0 }),
  }),
  StatusProduto: objectSchema('Um produto agora (decisão 0092).', {
    fonte: text('O produto.', { enum: [...FONTES] }),
    em_servico: {
      type: 'boolean',
      description: 'Aceita pedidos agora; fora de serviço, orçamento e execução respondem 602 sem cobrança.',
    },
    fora_de_servico_desde: nullable(instant('Desde quando está fora de serviço; null em serviço.')),
    espera_prevista_s: nullable(
      integer(
        'Os consultar_daqui_s que um pedido aceito agora receberia (fila e limite por hora da origem); null fora de serviço.',
        {
          minimum: 1,
        },
      ),
    ),
    ultima_hora: objectSchema(
      'Pedidos concluídos na última hora, sem os recusados pelos DADOS do cliente (erro_participante, contract 7.4).',
      {
        pedidos: integer('Quantos.', { minimum: 0 }),
        taxa_sucesso: nullable({
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Fração com a origem respondendo (sucesso, nada encontrado, indeterminado); null sem pedidos.',
        }),
        tempo_p50_s: nullable({
          type: 'number',
          minimum: 0,
          description: 'Mediana, em segundos, da aceitação à conclusão.',
        }),
        tempo_p95_s: nullable({
          type: 'number',
          minimum: 0,
          description: 'Percentil 95, em segundos, da aceitação à conclusão.',
        }),
      },
    ),
  }),
  ConsultaResumo: objectSchema('Um pedido da conta; o resultado completo é GET /v1/consultas/{protocolo}.', {
    protocolo: text('O protocolo (contract 2.2).'),
    fonte: text('O produto.', { enum: [...FONTES] }),
    uf: text('A UF do pedido.'),
    referencia: nullableText('A referência enviada no corpo da execução; null se nenhuma.'),
    estado: text('processando (202 no polling) ou concluido (200).', { enum: [...ORDER_LIST_ESTADOS] }),
    codigo: nullable(
      integer('O código de resultado (contract 7.3); null em processamento.', {
        enum: RESULT_CODES.map((info) => info.code),
      }),
    ),
    status_consulta: nullableText('O status_consulta do resultado (contract 2.4-2.6), quando há.'),
    preco: reais('O preço debitado, em reais.'),
    aceito_em: instant('Quando foi aceito (ISO 8601, UTC).'),
    concluido_em: nullable(instant('Quando foi concluído; null em processamento.')),
    revisao: integer('Quantas vezes o resultado concluído mudou (decisão 0051).', { minimum: 0 }),
  }),
  PaginaConsultas: objectSchema('Uma página de pedidos da conta, o aceito mais recente primeiro.', {
    consultas: { type: 'array', items: { $ref: '#/components/schemas/ConsultaResumo' } },
    proximo_cursor: nullableText('Passe como cursor para a próxima página; null na última. Opaco: não o altere.'),
  }),
};
