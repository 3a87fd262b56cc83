import { AMBIENTES } from './ambiente';
import type { JsonObject } from './openapi/json';
import { flag, instant, integer, nullableText, objectSchema, reais, ref, text } from './openapi/schema-helpers';
import { FONTES } from './products';
import { REFERENCIA_MAX_LENGTH } from './requests/schemas';
import { WATCH_TIPOS } from './requests/watch-body';
import { WATCH_DIFF_SCHEMA, WATCH_DIFF_SCHEMA_NAME } from './watch-diff';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';

/**
 * The event `POST /v1/webhooks/{id}/teste` sends (docs/decisions/0140): to that one endpoint, whatever it subscribed
 * to, through the same delivery path as the real ones. Not subscribable.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.teste';

/** Every `type` a webhook body can carry: the subscribable events and the test event. */
export const WEBHOOK_EMITTED_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
export type WebhookEmittedType = (typeof WEBHOOK_EMITTED_TYPES)[number];

const protocolo = text('O protocolo do pedido: leia o resultado com GET /v1/consultas/{protocolo}.');
const referencia = nullableText('A sua referência do pedido (campo referencia do corpo da execução); null sem ela.', {
  maxLength: REFERENCIA_MAX_LENGTH,
});
const fonte: JsonObject = { type: 'string', enum: [...FONTES], description: 'O produto.' };
const codigo = integer('O código do resultado (contract 7.3): 200 ou 6xx.');
const statusConsulta = nullableText('O status_consulta do resultado (SUCESSO, INDISPONIVEL, ...); null sem ele.');

const ORDER_DATA = { protocolo, referencia, fonte, codigo, status_consulta: statusConsulta };

/** `data` of each event type (docs/api.md, Webhooks; decision 0093). Identifiers and the outcome, never the result. */
const DATA: Readonly<Record<WebhookEmittedType, JsonObject>> = {
  'consulta.finalizada': objectSchema('O pedido chegou ao código final.', ORDER_DATA),
  'consulta.revisada': objectSchema('Um resultado finalizado foi substituído (decisão 0051).', {
    ...ORDER_DATA,
    revisao: integer('Quantas vezes o resultado mudou; 1 na primeira revisão.', { minimum: 1 }),
  }),
  'consulta.reconciliada': objectSchema('Uma visualização perdida num 605 foi conferida na origem (decisão 0036).', {
    protocolo,
    referencia,
    fonte,
    encontrada_na_origem: flag('true: entregue e cobrada; false: devolvida por inteiro.'),
  }),
  'certidao.emitida': objectSchema('A certidão chegou (SUCESSO); vai junto com o seu consulta.finalizada.', ORDER_DATA),
  'certidao.indisponivel': objectSchema(
    'A certidão foi aceita sem protocolo (INDISPONIVEL), devolvida por inteiro.',
    ORDER_DATA,
  ),
  'estorno.realizado': objectSchema('A cobrança de um pedido foi devolvida.', {
    protocolo,
    referencia,
    fonte,
    valor: reais('O valor devolvido, em reais.'),
    codigo,
  }),
  'saldo.abaixo_do_limite': objectSchema('Um débito levou o saldo para baixo do limite (uma vez por travessia).', {
    saldo: reais('O saldo depois do débito, em reais.'),
    limite_saldo_baixo: reais('O limite configurado no console, em reais.'),
  }),
  'monitoramento.alteracao': objectSchema(
    'Uma execução de um monitoramento encontrou uma alteração (decisões 0152, 0162, 0165). Sem referencia: uma execução não é um pedido seu; a do monitoramento está em referencia_monitoramento.',
    {
      monitoramento: text('O id do monitoramento: GET /v1/monitoramentos/{id}/execucoes lista o histórico.', {
        format: 'uuid',
      }),
      tipo: { type: 'string', enum: [...WATCH_TIPOS], description: 'pessoa ou matricula, como foi criado.' },
      referencia_monitoramento: nullableText('A sua referência do monitoramento; null sem ela.', {
        maxLength: REFERENCIA_MAX_LENGTH,
      }),
      execucao_planejada_em: instant('O instante planejado da execução (UTC): o planejada_em do histórico.'),
      protocolos: {
        type: 'array',
        minItems: 1,
        description: 'Os pedidos da execução (um, ou um por UF na pesquisa nacional): GET /v1/consultas/{protocolo}.',
        items: text('Um protocolo.'),
      },
      resumo: text('Uma linha em português para exibir (a mesma de diferencas.resumo).'),
      diferencas: ref(WATCH_DIFF_SCHEMA_NAME),
    },
  ),
  'webhook.teste': objectSchema('Um evento de teste pedido por você: não diz nada sobre pedidos nem sobre o saldo.', {
    webhook: text('O id do webhook que recebeu o teste.', { format: 'uuid' }),
    mensagem: text('Uma frase para exibir.'),
  }),
};

const TITLES: Readonly<Record<WebhookEmittedType, string>> = {
  'consulta.finalizada': 'WebhookConsultaFinalizada',
  'consulta.revisada': 'WebhookConsultaRevisada',
  'consulta.reconciliada': 'WebhookConsultaReconciliada',
  'certidao.emitida': 'WebhookCertidaoEmitida',
  'certidao.indisponivel': 'WebhookCertidaoIndisponivel',
  'estorno.realizado': 'WebhookEstornoRealizado',
  'saldo.abaixo_do_limite': 'WebhookSaldoAbaixoDoLimite',
  'monitoramento.alteracao': 'WebhookMonitoramentoAlteracao',
  'webhook.teste': 'WebhookTeste',
};

/** The component name of an event's body in the OpenAPI document. */
export function webhookPayloadSchemaName(type: WebhookEmittedType): string {
  return TITLES[type];
}

function payloadSchema(type: WebhookEmittedType): JsonObject {
  return objectSchema(`O corpo do evento ${type} (Standard Webhooks: type, timestamp, data; decisão 0140).`, {
    id: text('O id deste evento para este webhook: igual ao header webhook-id, o mesmo em toda tentativa e reenvio.', {
      format: 'uuid',
    }),
    type: { type: 'string', const: type, description: 'O tipo do evento.' },
    timestamp: instant('Quando o fato aconteceu (ISO 8601, UTC); não muda entre tentativas.'),
    conta: text('O id da conta (o conta de GET /v1/token).', { format: 'uuid' }),
    ambiente: {
      type: 'string',
      enum: [...AMBIENTES],
      description: 'producao, ou teste (sandbox, decisão 0099): o ambiente do pedido e do webhook.',
    },
    data: DATA[type],
  });
}

/**
 * The body of each webhook event as JSON Schema: the one source the webhooks service checks every body against before
 * it is stored (and so sent) and the OpenAPI document publishes under `webhooks` (decision 0140).
 */
export const WEBHOOK_PAYLOAD_SCHEMAS: Readonly<Record<WebhookEmittedType, JsonObject>> = {
  'consulta.finalizada': payloadSchema('consulta.finalizada'),
  'consulta.revisada': payloadSchema('consulta.revisada'),
  'consulta.reconciliada': payloadSchema('consulta.reconciliada'),
  'certidao.emitida': payloadSchema('certidao.emitida'),
  'certidao.indisponivel': payloadSchema('certidao.indisponivel'),
  'estorno.realizado': payloadSchema('estorno.realizado'),
  'saldo.abaixo_do_limite': payloadSchema('saldo.abaixo_do_limite'),
  'monitoramento.alteracao': payloadSchema('monitoramento.alteracao'),
  'webhook.teste': payloadSchema('webhook.teste'),
};

/**
 * The document's components the bodies refer to by `$ref` (published once, beside the API's own use of them): the check
 * of a body resolves them from here, the OpenAPI document from its `components.schemas`.
 */
export const WEBHOOK_PAYLOAD_REFERENCED_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  [WATCH_DIFF_SCHEMA_NAME]: WATCH_DIFF_SCHEMA,
};

export function isWebhookEmittedType(value: unknown): value is WebhookEmittedType {
  return typeof value === 'string' && (WEBHOOK_EMITTED_TYPES as readonly string[]).includes(value);
}
