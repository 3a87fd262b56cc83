import { WEBHOOK_EVENT_TYPES } from '../webhook-events';
import { WEBHOOK_EMITTED_TYPES, WEBHOOK_TEST_EVENT } from '../webhook-payloads';
import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { flag, instant, integer, nullable, nullableText, objectSchema, ref, text } from './schema-helpers';
import { refusals } from './transport-responses';

export const WEBHOOK_TAG = 'Webhooks';
const bearer = [{ bearer: [] }] as const;
const EVENTOS: JsonObject = {
  type: 'array',
  minItems: 1,
  description: 'Os eventos assinados (decisão 0093).',
  items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
};
const ENDPOINT_FIELDS = {
  id: text('O id do webhook.', { format: 'uuid' }),
  url: text('A URL chamada (https).'),
  eventos: EVENTOS,
  ativo: flag('false: desativado pelo cliente ou depois de 24 h de falhas (decisão 0094).'),
  motivo_desativacao: nullableText('Por que está desativado; null quando ativo.'),
  criado_em: instant('Quando foi registrado (ISO 8601, UTC).'),
};

/** The items of the webhook routes (docs/api.md, Webhooks; decisions 0093-0095). */
export const WEBHOOK_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Webhook: objectSchema('Um webhook da conta do token. O segredo só aparece no registro.', ENDPOINT_FIELDS),
  WebhookRegistrado: objectSchema('O webhook registrado, com o segredo (mostrado só agora).', {
    ...ENDPOINT_FIELDS,
    segredo: text('whsec_ + base64: a chave da assinatura webhook-signature (Standard Webhooks).', {
      pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
    }),
  }),
  WebhookEntrega: objectSchema('Um evento para este webhook, com cada tentativa.', {
    id: text('O id da entrega: o header webhook-id, o mesmo em toda tentativa e reenvio.', { format: 'uuid' }),
    evento: {
      type: 'string',
      enum: [...WEBHOOK_EMITTED_TYPES],
      description: `O evento (${WEBHOOK_TEST_EVENT}: um evento de teste).`,
    },
    situacao: { type: 'string', enum: ['pendente', 'entregue', 'falhou'], description: 'A situação da entrega.' },
    proxima_tentativa_em: nullable(instant('A próxima tentativa, enquanto pendente.')),
    tentativas: {
      type: 'array',
      description: 'As tentativas, na ordem.',
      items: objectSchema('Uma tentativa.', {
        em: instant('Quando foi feita.'),
        status_http: nullable(integer('O status HTTP da resposta; null sem resposta.')),
        latencia_ms: integer('Duração em milissegundos.', { minimum: 0 }),
        erro: nullableText('Por que não houve resposta (tempo esgotado, endereço recusado, ...).'),
        resposta: nullableText('Os primeiros 2 KiB do corpo da resposta.'),
      }),
    },
  }),
  WebhookTesteAgendado: objectSchema('O evento de teste, agendado como qualquer entrega.', {
    id: text('O id da entrega: o webhook-id e o id do corpo do evento de teste.', { format: 'uuid' }),
    evento: { type: 'string', const: WEBHOOK_TEST_EVENT, description: 'O tipo do evento de teste.' },
    situacao: { type: 'string', const: 'pendente', description: 'Pendente até a tentativa (em cerca de 1 s).' },
  }),
  WebhookReenvio: objectSchema('A entrega agendada para reenvio.', {
    id: text('O id da entrega.', { format: 'uuid' }),
    situacao: { type: 'string', const: 'pendente', description: 'Pendente até a próxima tentativa.' },
  }),
};

const idParameter = (name: string, description: string): JsonObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const WEBHOOK_ID = idParameter('id', 'O id do webhook. O de outra conta, ou um id malformado: 404.');
const ENTREGA_ID = idParameter('entrega', 'O id da entrega (GET .../entregas).');

const body = (required: readonly string[]): JsonObject => ({
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        additionalProperties: false,
        required: [...required],
        properties: {
          url: text('https://, sem credenciais; até 2048 caracteres.', { maxLength: 2048 }),
          eventos: EVENTOS,
          ...(required.length === 0 ? { ativo: { type: 'boolean', description: 'Liga ou desliga o webhook.' } } : {}),
        },
      },
    },
  },
});

const answer = (status: 200 | 201 | 202, description: string, item?: JsonObject): Record<string, JsonObject> => ({
  [String(status)]: {
    description,
    headers: GUARDED_HEADERS,
    content: {
      'application/json': {
        schema: envelopeOf({ code: { const: status }, ...(item === undefined ? {} : { item }) }),
      },
    },
  },
});

function operation(
  operationId: string,
  summary: string,
  description: string,
  responses: Record<string, JsonObject>,
  extra: Partial<Operation> = {},
): Operation {
  return { operationId, tags: [WEBHOOK_TAG], summary, description, security: bearer, ...extra, responses };
}

const FREE = 'De graça; qualquer token válido da conta; nunca chama a origem.';

/** `/v1/webhooks` and its sub-resources (docs/api.md, Webhooks). */
export function webhookPaths(): Record<string, PathItem> {
  const one = { parameters: [WEBHOOK_ID] };
  return {
    '/v1/webhooks': {
      post: operation(
        'registrarWebhook',
        'Registrar um webhook',
        `Registra uma URL para os eventos escolhidos; o segredo da assinatura vem só nesta resposta. ${FREE}`,
        {
          ...answer(201, 'Registrado: data[0] traz o segredo.', ref('WebhookRegistrado')),
          ...refusals(401, 403, 422, 429, 500, 503),
        },
        { requestBody: body(['url', 'eventos']) },
      ),
      get: operation('listarWebhooks', 'Listar os webhooks', `Os webhooks da conta. ${FREE}`, {
        ...answer(200, 'Os webhooks, do mais antigo.', ref('Webhook')),
        ...refusals(401, 403, 429, 500, 503),
      }),
    },
    '/v1/webhooks/{id}': {
      get: operation(
        'lerWebhook',
        'Ler um webhook',
        FREE,
        { ...answer(200, 'O webhook.', ref('Webhook')), ...refusals(401, 403, 404, 429, 500, 503) },
        one,
      ),
      patch: operation(
        'alterarWebhook',
        'Alterar um webhook',
        `Muda url, eventos ou ativo (true reativa um webhook desativado; as entregas pendentes saem). ${FREE}`,
        { ...answer(200, 'O webhook alterado.', ref('Webhook')), ...refusals(401, 403, 404, 422, 429, 500, 503) },
        { ...one, requestBody: body([]) },
      ),
      delete: operation(
        'removerWebhook',
        'Remover um webhook',
        `Remove o webhook com suas entregas. ${FREE}`,
        { ...answer(200, 'Removido.'), ...refusals(401, 403, 404, 429, 500, 503) },
        one,
      ),
    },
    '/v1/webhooks/{id}/entregas': {
      get: operation(
        'listarEntregas',
        'Listar as entregas',
        `As 50 entregas mais recentes, com cada tentativa. ${FREE}`,
        {
          ...answer(200, 'As entregas, da mais recente.', ref('WebhookEntrega')),
          ...refusals(401, 403, 404, 429, 500, 503),
        },
        one,
      ),
    },
    '/v1/webhooks/{id}/testar': {
      post: operation(
        'testarWebhook',
        'Enviar um evento de teste',
        `Envia ao webhook um evento ${WEBHOOK_TEST_EVENT} assinado, pelo mesmo caminho das entregas reais (tentativas, novas tentativas, GET .../entregas), qualquer que seja a lista de eventos dele. Um webhook desativado o recebe quando for reativado (decisão 0140). ${FREE}`,
        {
          ...answer(202, 'Agendado: acompanhe em GET /v1/webhooks/{id}/entregas.', ref('WebhookTesteAgendado')),
          ...refusals(401, 403, 404, 429, 500, 503),
        },
        one,
      ),
    },
    '/v1/webhooks/{id}/entregas/{entrega}/reenviar': {
      post: operation(
        'reenviarEntrega',
        'Reenviar uma entrega',
        `Envia a entrega de novo, com o mesmo webhook-id. ${FREE}`,
        {
          ...answer(202, 'Agendada para a próxima tentativa.', ref('WebhookReenvio')),
          ...refusals(401, 403, 404, 429, 500, 503),
        },
        { parameters: [WEBHOOK_ID, ENTREGA_ID] },
      ),
    },
  };
}
