import { PRODUCTS } from '../products';
import {
  CERTIDAO_LOTE_BODY_SCHEMA,
  MAX_BATCH_ITEMS,
  PESQUISA_LOTE_BODY_SCHEMA,
  PESQUISA_NACIONAL_BODY_SCHEMA,
  VISUALIZACAO_LOTE_BODY_SCHEMA,
} from '../requests/schemas';
import type { ImovelFonte } from '../requests/validate-request';
import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { ref } from './schema-helpers';
import { refusals } from './transport-responses';

const product = PRODUCTS['pesquisa-previa-bens'];
export const BATCH_TAG = 'Lotes';

function json(description: string, schema: JsonObject, headers: JsonObject = GUARDED_HEADERS): JsonObject {
  return { description, headers, content: { 'application/json': { schema } } };
}

const body: JsonObject = {
  required: true,
  content: { 'application/json': { schema: ref(PESQUISA_NACIONAL_BODY_SCHEMA.title) } },
};

const unavailable = json(
  'Nenhuma UF ofertada (code 602, HTTP 200): nada cobrado, origem não chamada. Aja pelo code, não pelo status HTTP.',
  envelopeOf({ code: { const: 602 }, item: ref('IndisponivelNacional') }),
);

const quoteOperation: Operation = {
  operationId: 'orcarPesquisaNacional',
  tags: [product.nome, BATCH_TAG],
  summary: 'Orçar: pesquisa prévia em todas as UFs ofertadas',
  description: `De graça, nunca chama a origem. Cota a pesquisa prévia em cada UF e devolve só as UFs ofertadas (contract 7.9), cada uma com seu preço, e a soma; as demais em ufs_nao_ofertadas com o motivo. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo ${product.scope} (403) → corpo (422) → orçamento (200 ou 602).`,
  security: [{ bearer: [product.scope] }],
  requestBody: body,
  responses: {
    '200': json(
      'code 200 cotado (data[0] um OrcamentoNacional) ou 602 nenhuma UF ofertada (data[0] IndisponivelNacional).',
      envelopeOf({
        code: { enum: [200, 602] },
        item: { oneOf: [ref('OrcamentoNacional'), ref('IndisponivelNacional')] },
      }),
    ),
    ...refusals(401, 403, 413, 422, 429, 500, 503),
  },
};

const executionOperation: Operation = {
  operationId: 'executarPesquisaNacional',
  tags: [product.nome, BATCH_TAG],
  summary: 'Executar: pesquisa prévia em todas as UFs ofertadas (pago)',
  description: `Uma chamada, uma Idempotency-Key, um pedido por UF ofertada (contract 1: 26 pesquisas, 26 cobranças), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (saldo que não cobre a SOMA: 402, nada cobrado). Cada UF é um pedido comum, com protocolo, resultado e estorno por classe próprios; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo ${product.scope} (403) → corpo e Idempotency-Key (422) → idempotência → orçamento (602) → saldo (402) → aceito (202).`,
  security: [{ bearer: [product.scope] }],
  parameters: [ref('IdempotencyKey', 'parameters')],
  requestBody: body,
  responses: {
    '202': json(
      'Aceito e debitado: header.price a soma das UFs; data[0] o lote e seus pedidos. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança.',
      envelopeOf({ code: { const: 202 }, item: ref('LoteAceito') }),
      { ...GUARDED_HEADERS, 'Idempotent-Replayed': ref('Idempotent-Replayed', 'headers') },
    ),
    '200': unavailable,
    ...refusals(401, 402, 403, 409, 413, 422, 429, 500, 503),
  },
};

const targetsBody: JsonObject = {
  required: true,
  content: { 'application/json': { schema: ref(PESQUISA_LOTE_BODY_SCHEMA.title) } },
};

const targetsUnavailable = json(
  'Algum item não é ofertado (code 602, HTTP 200): o lote inteiro é recusado, nada cobrado, origem não chamada; data[0].itens_nao_ofertados diz quais. Aja pelo code, não pelo status HTTP.',
  envelopeOf({ code: { const: 602 }, item: ref('IndisponivelLote') }),
);

const TARGETS_ORDER = `token (401) → redes permitidas (403) → limite (429) → escopo ${product.scope} (403) → corpo até 1 MB (413)`;

const targetsQuoteOperation: Operation = {
  operationId: 'orcarLoteDeAlvos',
  tags: [product.nome, BATCH_TAG],
  summary: 'Orçar: lote de pesquisas prévias (CPF/CNPJ × UF)',
  description: `De graça, nunca chama a origem. Cota cada item (de 1 a ${MAX_BATCH_ITEMS}, cada um o corpo da pesquisa prévia de uma UF) e devolve o preço de cada um e a soma. Um lote é aceito ou recusado inteiro: um item não ofertado torna o lote indisponível (602), com os itens em itens_nao_ofertados. Erros de validação nomeiam o item (itens[3].cpf_cnpj); o mesmo CPF/CNPJ na mesma UF duas vezes é recusado (regra duplicado). Ordem das verificações: ${TARGETS_ORDER} → corpo (422) → orçamento (200 ou 602).`,
  security: [{ bearer: [product.scope] }],
  requestBody: targetsBody,
  responses: {
    '200': json(
      'code 200 cotado (data[0] um OrcamentoLote) ou 602 algum item não ofertado (data[0] IndisponivelLote).',
      envelopeOf({ code: { enum: [200, 602] }, item: { oneOf: [ref('OrcamentoLote'), ref('IndisponivelLote')] } }),
    ),
    ...refusals(401, 403, 413, 422, 429, 500, 503),
  },
};

const targetsExecutionOperation: Operation = {
  operationId: 'executarLoteDeAlvos',
  tags: [product.nome, BATCH_TAG],
  summary: 'Executar: lote de pesquisas prévias (CPF/CNPJ × UF) (pago)',
  description: `Uma chamada, uma Idempotency-Key, um pedido por item (de 1 a ${MAX_BATCH_ITEMS}), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (um item não ofertado: 602; saldo que não cobre a SOMA: 402; limite de pedidos abertos do plano contando todos os itens: 429). Cada item é um pedido comum, com protocolo, resultado e estorno por classe próprios; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: ${TARGETS_ORDER} → corpo e Idempotency-Key (422) → idempotência → orçamento (602) → limite de pedidos abertos (429) → saldo (402) → aceito (202).`,
  security: [{ bearer: [product.scope] }],
  parameters: [ref('IdempotencyKey', 'parameters')],
  requestBody: targetsBody,
  responses: {
    '202': json(
      'Aceito e debitado: header.price a soma dos itens; data[0] o lote e seus pedidos, na ordem dos itens. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança.',
      envelopeOf({ code: { const: 202 }, item: ref('LoteAlvosAceito') }),
      { ...GUARDED_HEADERS, 'Idempotent-Replayed': ref('Idempotent-Replayed', 'headers') },
    ),
    '200': targetsUnavailable,
    ...refusals(401, 402, 403, 409, 413, 422, 429, 500, 503),
  },
};

const IMOVEL_LOTE_BODY: Readonly<Record<ImovelFonte, string>> = {
  'visualizacao-matricula': VISUALIZACAO_LOTE_BODY_SCHEMA.title,
  'certidao-inteiro-teor': CERTIDAO_LOTE_BODY_SCHEMA.title,
};

const IMOVEL_REFUSALS =
  'cartório inexistente ou fora de serviço, tarifa desconhecida, produto fora de serviço, plano sem preço; na execução também a mesma matrícula e cartório pedida na plataforma nos últimos 7 dias (contract 3); e a mesma matrícula no mesmo cartório repetida no lote (mesmo_imovel_do_item)';

/** A batch of record views or of certificates (issue 16; docs/decisions/0090): its quote and its execution. */
function imovelBatchPaths(fonte: ImovelFonte): Record<string, PathItem> {
  const imovel = PRODUCTS[fonte];
  const lotBody: JsonObject = {
    required: true,
    content: { 'application/json': { schema: ref(IMOVEL_LOTE_BODY[fonte]) } },
  };
  const order = `token (401) → redes permitidas (403) → limite (429) → escopo ${imovel.scope} (403) → corpo até 1 MB (413)`;
  const refused = json(
    `Algum item não pode ser pedido (code 602, HTTP 200): o lote inteiro é recusado, nada cobrado, origem não chamada; data[0].itens_nao_ofertados diz quais e por quê (${IMOVEL_REFUSALS}). Aja pelo code, não pelo status HTTP.`,
    envelopeOf({ code: { const: 602 }, item: ref('IndisponivelLoteImoveis') }),
  );
  const quote: Operation = {
    operationId: fonte === 'visualizacao-matricula' ? 'orcarLoteDeVisualizacoes' : 'orcarLoteDeCertidoes',
    tags: [imovel.nome, BATCH_TAG],
    summary: `Orçar: lote de ${fonte} (matrícula × cartório)`,
    description: `De graça, nunca chama a origem. Cota cada item (de 1 a ${MAX_BATCH_ITEMS}, cada um o corpo de um pedido de ${fonte}) como o orçamento dele sozinho e devolve o preço de cada um e a soma. Um lote é aceito ou recusado inteiro: um item que não pode ser pedido torna o lote indisponível (602), com os itens em itens_nao_ofertados. Erros de validação nomeiam o item (itens[3].imovel_cartorio). Ordem das verificações: ${order} → corpo (422) → orçamento (200 ou 602).`,
    security: [{ bearer: [imovel.scope] }],
    requestBody: lotBody,
    responses: {
      '200': json(
        'code 200 cotado (data[0] um OrcamentoLoteImoveis) ou 602 algum item não pode ser pedido (data[0] IndisponivelLoteImoveis).',
        envelopeOf({
          code: { enum: [200, 602] },
          item: { oneOf: [ref('OrcamentoLoteImoveis'), ref('IndisponivelLoteImoveis')] },
        }),
      ),
      ...refusals(401, 403, 413, 422, 429, 500, 503),
    },
  };
  const execution: Operation = {
    operationId: fonte === 'visualizacao-matricula' ? 'executarLoteDeVisualizacoes' : 'executarLoteDeCertidoes',
    tags: [imovel.nome, BATCH_TAG],
    summary: `Executar: lote de ${fonte} (matrícula × cartório) (pago)`,
    description: `Uma chamada, uma Idempotency-Key, um pedido por item (de 1 a ${MAX_BATCH_ITEMS}), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (um item que não pode ser pedido: 602; saldo que não cobre a SOMA: 402; limite de pedidos abertos do plano contando todos os itens: 429). Cada item é um pedido comum, com protocolo, resultado, documento e estorno por classe próprios, e bloqueia a mesma matrícula e cartório por 7 dias como um pedido sozinho; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: ${order} → corpo e Idempotency-Key (422) → idempotência → orçamento e bloqueio de 7 dias (602) → limite de pedidos abertos (429) → saldo (402) → aceito (202).`,
    security: [{ bearer: [imovel.scope] }],
    parameters: [ref('IdempotencyKey', 'parameters')],
    requestBody: lotBody,
    responses: {
      '202': json(
        'Aceito e debitado: header.price a soma dos itens; data[0] o lote e seus pedidos, na ordem dos itens. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança.',
        envelopeOf({ code: { const: 202 }, item: ref('LoteImoveisAceito') }),
        { ...GUARDED_HEADERS, 'Idempotent-Replayed': ref('Idempotent-Replayed', 'headers') },
      ),
      '200': refused,
      ...refusals(401, 402, 403, 409, 413, 422, 429, 500, 503),
    },
  };
  return {
    [`/v1/orcamento/${fonte}/lote`]: { post: quote },
    [`/v1/consultas/${fonte}/lote`]: { post: execution },
  };
}

const batchOperation: Operation = {
  operationId: 'consultarLote',
  tags: [BATCH_TAG],
  summary: 'Visão combinada de um lote',
  description:
    'Lê só o estado guardado: nunca cobra, nunca chama a origem. Cada pedido (uma UF da pesquisa nacional, um item de um lote de alvos, com item e cpf_cnpj, ou de um lote de imóveis, com item, imovel_matricula e status_consulta) com seu protocolo e onde está (concluida, pendente, falhou com a classe), e os achados de todas as UFs concluídas numa lista só. Qualquer token da conta; lote de outra conta ou inexistente: o mesmo 404.',
  security: [{ bearer: [] }],
  parameters: [ref('Lote', 'parameters')],
  responses: {
    '200': json('Concluído: nenhuma UF pendente.', envelopeOf({ code: { const: 200 }, item: ref('Lote') })),
    '202': json(
      'Em andamento: consulte de novo depois de data[0].consultar_daqui_s segundos.',
      envelopeOf({ code: { const: 202 }, item: ref('Lote') }),
    ),
    ...refusals(401, 403, 404, 429, 500, 503),
  },
};

/** The nationwide search, the batches and the batch view (issue 16; docs/decisions/0087, 0088, 0090). */
export function batchPaths(): Record<string, PathItem> {
  return {
    '/v1/orcamento/pesquisa-previa-bens/nacional': { post: quoteOperation },
    '/v1/consultas/pesquisa-previa-bens/nacional': { post: executionOperation },
    '/v1/orcamento/pesquisa-previa-bens/lote': { post: targetsQuoteOperation },
    '/v1/consultas/pesquisa-previa-bens/lote': { post: targetsExecutionOperation },
    ...imovelBatchPaths('visualizacao-matricula'),
    ...imovelBatchPaths('certidao-inteiro-teor'),
    '/v1/lotes/{lote}': { get: batchOperation },
  };
}
