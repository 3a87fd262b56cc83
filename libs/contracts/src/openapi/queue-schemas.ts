import { envelopeOf } from './envelope-schemas';
import type { JsonObject } from './json';
import { integer, nullableText, objectSchema, ref, text } from './schema-helpers';

/** Contract 2.2 `protocolo`: digits only; decision 0050: 14 digits and a Damm check digit. */
export const PROTOCOLO_SCHEMA: JsonObject = {
  type: 'string',
  pattern: '^[0-9]+$',
  description:
    'Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).',
  examples: ['482139077551605'],
};

/** Contract 2.2: the queue acknowledgement, `data[0]` of a 202, and the acceptance nested in a finished result. */
export const QUEUE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  QueueAck: objectSchema(
    'Confirmação de fila: data[0] de um 202 (contract 2.2).',
    {
      protocolo: PROTOCOLO_SCHEMA,
      estado: { type: 'string', const: 'processando', description: 'Estado do pedido na fila.' },
      consultar_em: text('Caminho relativo do resultado: /v1/consultas/<protocolo>.', {
        pattern: '^/v1/consultas/[0-9]+$',
      }),
      consultar_daqui_s: integer(
        'Segundos a esperar antes de consultar de novo: os pedidos à frente na fila (uma sessão na origem, um pedido por vez) e, na pesquisa, o teto de 50 por hora (contract 8).',
        { minimum: 1 },
      ),
      referencia: nullableText(
        'A referência que você enviou no corpo da execução, ecoada no 202 da aceitação (ausente se não enviou nenhuma) e em toda consulta do resultado.',
      ),
    },
    ['referencia'],
  ),
  Aceite: envelopeOf({
    description:
      'A resposta 202 da aceitação, exatamente como foi respondida (contract 2.1): code 202, seu header com o price debitado, data[0] os campos da fila.',
    code: { const: 202 },
    item: ref('QueueAck'),
  }),
};
