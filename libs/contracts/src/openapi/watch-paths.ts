import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../order-list';
import { WATCH_ESTADOS, WATCH_TIPOS } from '../requests/watch-body';
import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { ref } from './schema-helpers';
import { refusals } from './transport-responses';

export const WATCH_TAG = 'Monitoramentos';
const bearer = [{ bearer: [] }] as const;
const FREE = 'De graça; qualquer token válido da conta; nunca chama a origem.';
const HOW_RUNS_GO =
  'Cada execução é feita em até um minuto do instante planejado e comparada com as anteriores quando os seus pedidos terminam; uma alteração envia um webhook monitoramento.alteracao (decisão 0164). O que impede uma execução fica no histórico, nunca é pulado.';

const json = (description: string, schema: JsonObject, headers: JsonObject = GUARDED_HEADERS): JsonObject => ({
  description,
  headers,
  content: { 'application/json': { schema } },
});

const answer = (status: 200 | 201, description: string, item: JsonObject): Record<string, JsonObject> => ({
  [String(status)]: json(description, envelopeOf({ code: { const: status }, item })),
});

const query = (name: string, description: string, schema: JsonObject): JsonObject => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const PAGE_PARAMETERS = [
  query('limite', 'Itens por página.', {
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIST_LIMIT,
    default: DEFAULT_LIST_LIMIT,
  }),
  query('cursor', 'O proximo_cursor da página anterior.', { type: 'string' }),
];

const WATCH_ID: JsonObject = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'O id do monitoramento. O de outra conta, ou um id malformado: 404, como um inexistente.',
  schema: { type: 'string' },
};

const body: JsonObject = {
  required: true,
  content: { 'application/json': { schema: ref('MonitoramentoBody') } },
};

/** Pausing or resuming a removed watch: it never runs again (docs/decisions/0161). */
const REMOVED: Record<string, JsonObject> = {
  '409': json('O monitoramento foi removido: não volta a executar; crie outro.', envelopeOf({ code: { const: 409 } })),
};

function operation(
  operationId: string,
  summary: string,
  description: string,
  responses: Record<string, JsonObject>,
  extra: Partial<Operation> = {},
): Operation {
  return { operationId, tags: [WATCH_TAG], summary, description, security: bearer, ...extra, responses };
}

const SCOPE =
  'Escopo do produto das execuções: consultas:pesquisa-previa-bens (pessoa) ou consultas:visualizacao-matricula (matricula), verificado assim que o corpo diz o tipo (403).';

/** `/v1/monitoramentos` and its sub-resources (docs/api.md, Monitoramentos; decisions 0152, 0160, 0161). */
export function watchPaths(): Record<string, PathItem> {
  const one = { parameters: [WATCH_ID] };
  const stateChange = (id: string, summary: string, description: string, extra: Record<string, JsonObject> = {}) =>
    operation(
      id,
      summary,
      `${description} ${FREE}`,
      {
        ...answer(200, 'O monitoramento como ficou.', ref('Monitoramento')),
        ...extra,
        ...refusals(401, 403, 404, 429, 500, 503),
      },
      one,
    );
  return {
    '/v1/monitoramentos/orcamento': {
      post: operation(
        'orcarMonitoramento',
        'Orçar um monitoramento',
        `O preço de uma execução — o orçamento do próprio produto (POST /v1/orcamento/{fonte}), a soma das UFs na pesquisa nacional — e o custo projetado em 30 dias. De graça; nunca chama a origem. ${SCOPE}`,
        {
          '200': json(
            'code 200 cotado; 602 o produto não oferta a execução (preco null; orcamento diz por quê). HTTP 200 nos dois.',
            envelopeOf({ code: { enum: [200, 602] }, item: ref('OrcamentoMonitoramento') }),
          ),
          ...refusals(401, 403, 413, 422, 429, 500, 503),
        },
        { requestBody: body },
      ),
    },
    '/v1/monitoramentos': {
      post: operation(
        'criarMonitoramento',
        'Criar um monitoramento',
        `Cria o monitoramento de uma pessoa (pesquisa prévia) ou de uma matrícula (visualização), com a frequência escolhida. Nada é cobrado ao criar: cada execução é um pedido comum do produto, orçado e cobrado quando é feito, visível no extrato e em GET /v1/consultas?monitoramento={id}. A primeira execução é planejada para a criação. Idempotency-Key obrigatória, como na execução. ${SCOPE} ${HOW_RUNS_GO}`,
        {
          '201': json(
            'Criado: data[0] é o monitoramento, com o preço e a próxima execução. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true.',
            envelopeOf({ code: { const: 201 }, item: ref('MonitoramentoCriado') }),
            { ...GUARDED_HEADERS, 'Idempotent-Replayed': ref('Idempotent-Replayed', 'headers') },
          ),
          '200': json(
            'Indisponível (code 602, HTTP 200): o produto não oferta a execução; nada foi criado nem cobrado.',
            envelopeOf({ code: { const: 602 }, item: { anyOf: [ref('Indisponivel'), ref('IndisponivelNacional')] } }),
          ),
          ...refusals(401, 403, 409, 413, 422, 429, 500, 503),
        },
        { parameters: [ref('IdempotencyKey', 'parameters')], requestBody: body },
      ),
      get: operation(
        'listarMonitoramentos',
        'Listar os monitoramentos',
        `Os monitoramentos da conta, o criado mais recente primeiro, uma página por chamada (data[0].monitoramentos) e data[0].proximo_cursor para a seguinte. Os removidos também (filtre por estado). Um parâmetro desconhecido, repetido ou inválido: 422 nomeando-o. ${FREE}`,
        {
          ...answer(200, 'Uma página.', ref('PaginaMonitoramentos')),
          ...refusals(401, 403, 422, 429, 500, 503),
        },
        {
          parameters: [
            query('estado', 'Só monitoramentos neste estado.', { type: 'string', enum: [...WATCH_ESTADOS] }),
            query('tipo', 'Só monitoramentos deste tipo.', { type: 'string', enum: [...WATCH_TIPOS] }),
            ...PAGE_PARAMETERS,
          ],
        },
      ),
    },
    '/v1/monitoramentos/{id}': {
      get: operation(
        'lerMonitoramento',
        'Ler um monitoramento',
        `O monitoramento, com a próxima execução planejada. ${FREE}`,
        { ...answer(200, 'O monitoramento.', ref('Monitoramento')), ...refusals(401, 403, 404, 429, 500, 503) },
        one,
      ),
      delete: stateChange(
        'removerMonitoramento',
        'Remover um monitoramento',
        'Para de executar para sempre; o monitoramento e seu histórico continuam legíveis (são a sua evidência). Remover de novo responde o mesmo.',
      ),
    },
    '/v1/monitoramentos/{id}/pausar': {
      post: stateChange(
        'pausarMonitoramento',
        'Pausar um monitoramento',
        'Nenhuma execução até ser retomado (proxima_execucao_em null). Pausar um pausado responde o mesmo.',
        REMOVED,
      ),
    },
    '/v1/monitoramentos/{id}/retomar': {
      post: stateChange(
        'retomarMonitoramento',
        'Retomar um monitoramento',
        'Volta a executar no mesmo calendário (contado da criação): a próxima execução é a primeira dele a partir de agora. Retomar um ativo responde o mesmo.',
        REMOVED,
      ),
    },
    '/v1/monitoramentos/{id}/execucoes': {
      get: operation(
        'listarExecucoesDoMonitoramento',
        'Histórico de um monitoramento',
        `As execuções planejadas, a mais recente primeiro, com o resultado, o protocolo do pedido e as diferenças em relação à anterior; "sem alteração" também é registrado. ${FREE} ${HOW_RUNS_GO}`,
        {
          ...answer(200, 'Uma página do histórico.', ref('PaginaExecucoes')),
          ...refusals(401, 403, 404, 422, 429, 500, 503),
        },
        { ...one, parameters: [WATCH_ID, ...PAGE_PARAMETERS] },
      ),
    },
  };
}
