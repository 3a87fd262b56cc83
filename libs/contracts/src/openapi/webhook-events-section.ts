import {
  WEBHOOK_EMITTED_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
  WEBHOOK_TEST_EVENT,
  type WebhookEmittedType,
  webhookPayloadSchemaName,
} from '../webhook-payloads';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { ref } from './schema-helpers';
import { WEBHOOK_TAG } from './webhook-paths';

/** The Standard Webhooks headers of every delivery (https://www.standardwebhooks.com), as header parameters. */
export const WEBHOOK_HEADER_PARAMETERS: Readonly<Record<string, JsonObject>> = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'O id do evento para este webhook, igual ao id do corpo: o mesmo em toda tentativa e reenvio. Descarte o que já processou por ele (entrega ao menos uma vez).',
    schema: { type: 'string', format: 'uuid' },
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Segundos Unix desta tentativa. Recuse os antigos (por exemplo, mais de 5 minutos) contra repetições.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'v1, + base64 do HMAC-SHA256 de "{webhook-id}.{webhook-timestamp}.{corpo cru}", com a chave = base64 decodificado do segredo depois de whsec_. Pode trazer várias assinaturas separadas por espaço; compare em tempo constante.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$' },
  },
};

const WHEN: Readonly<Record<WebhookEmittedType, string>> = {
  'consulta.finalizada': 'Um pedido chegou ao código final (200 ou qualquer 6xx).',
  'consulta.revisada':
    'Um resultado finalizado foi substituído: uma pesquisa provisória fechada pela origem, uma visualização 605 reconciliada.',
  'consulta.reconciliada': 'Uma visualização que excedeu o tempo (605) foi encontrada, ou não, na origem.',
  'certidao.emitida': 'Uma certidão chegou (SUCESSO); enviado junto com o seu consulta.finalizada.',
  'certidao.indisponivel': 'Uma certidão foi aceita sem protocolo (INDISPONIVEL), devolvida por inteiro.',
  'estorno.realizado': 'A cobrança de um pedido foi devolvida.',
  'saldo.abaixo_do_limite':
    'Um débito levou o saldo para baixo do limite configurado no console (uma vez por travessia).',
  'monitoramento.alteracao':
    'Uma execução de um monitoramento seu encontrou uma alteração em relação à anterior que chegou a um resultado: diferencas diz o quê (uma vez por execução).',
  'webhook.teste':
    'Você pediu um evento de teste (POST /v1/webhooks/{id}/testar, ou o console): chega a esse webhook só.',
};

function operationId(type: WebhookEmittedType): string {
  return `evento${webhookPayloadSchemaName(type).replace(/^Webhook/, '')}`;
}

/** Where the event's subject is read in full: an order's result is never in a body. */
function readMore(type: WebhookEmittedType): string {
  if (type === WEBHOOK_TEST_EVENT) return '';
  if (type === 'monitoramento.alteracao')
    return ' O histórico: GET /v1/monitoramentos/{id}/execucoes; o resultado de cada pedido: GET /v1/consultas/{protocolo}.';
  return ' Leia o resultado com GET /v1/consultas/{protocolo}: o evento nunca o traz.';
}

function eventOperation(type: WebhookEmittedType): Operation {
  return {
    operationId: operationId(type),
    tags: [WEBHOOK_TAG],
    summary: type,
    description: `${WHEN[type]} O que o SEU endpoint recebe: POST com este corpo e os headers do Standard Webhooks. Responda 2xx em até 10 s; qualquer outra resposta é uma falha, tentada de novo por até 24 h (decisões 0093, 0094, 0140).${readMore(type)}`,
    security: [],
    parameters: Object.keys(WEBHOOK_HEADER_PARAMETERS).map((name) => ref(name, 'parameters')),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref(webhookPayloadSchemaName(type)) } },
    },
    responses: {
      '2XX': { description: 'Recebido: a entrega termina.' },
      default: { description: 'Falha (outro status, tempo esgotado, redirecionamento): nova tentativa depois.' },
    },
  };
}

/** OpenAPI 3.1 `webhooks`: one entry per event type the service can emit (decision 0140). */
export function webhookEvents(): Record<string, PathItem> {
  return Object.fromEntries(WEBHOOK_EMITTED_TYPES.map((type) => [type, { post: eventOperation(type) }]));
}

/** The bodies, by component name: WEBHOOK_PAYLOAD_SCHEMAS as they are. */
export function webhookPayloadComponents(): Record<string, JsonObject> {
  return Object.fromEntries(
    WEBHOOK_EMITTED_TYPES.map((type) => [webhookPayloadSchemaName(type), WEBHOOK_PAYLOAD_SCHEMAS[type]]),
  );
}
