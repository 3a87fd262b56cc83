import type { JsonObject } from './json';
import { flag, integer, nullable, nullableText, objectSchema, reais, ref } from './schema-helpers';

/** Whether a finished result changed since it was first answered (docs/decisions/0051). */
const REVISION_PROPERTIES: Readonly<Record<string, JsonObject>> = {
  revisao: integer(
    'Quantas vezes este resultado concluído mudou: 0 no primeiro. Muda quando uma pesquisa provisória é revista (a origem fechou a busca) e quando a conciliação conclui uma visualização 605 (devolvida, ou reaberta e entregue).',
    { minimum: 0 },
  ),
  revisado_em: nullable({
    type: 'string',
    format: 'date-time',
    description: 'Quando o resultado mudou pela última vez (ISO 8601); null se nunca mudou.',
  }),
};

/** Only on a search while `provisorio` is true: when to look for its revision. */
const NEXT_REVISION: JsonObject = nullable(
  integer(
    'Só enquanto provisorio é true: segundos até a próxima revisão prevista (a origem ainda tenta cartórios). null: nenhuma revisão virá — a origem não fechou a busca no prazo e o resultado fica provisório (nada_consta false).',
    { minimum: 1 },
  ),
);

/** What a finished `data[0]` adds to the product result (docs/api.md, `GET /v1/consultas/{protocolo}`). */
const withAcceptanceAndCharge = (
  result: string,
  description: string,
  optional: Readonly<Record<string, JsonObject>> = {},
): JsonObject => ({
  description,
  allOf: [
    ref(result),
    {
      type: 'object',
      required: ['aceite', 'cobranca', ...Object.keys(REVISION_PROPERTIES)],
      properties: { aceite: ref('Aceite'), cobranca: ref('Cobranca'), ...REVISION_PROPERTIES, ...optional },
    },
  ],
});

/** `data[0]` of `GET /v1/consultas/{protocolo}`: finished (200) or still running (202). */
export const FINISHED_RESULT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Cobranca: objectSchema('O que foi debitado na aceitação e o que voltou (ARCHITECTURE: cobranca).', {
    debitado: reais('Reais debitados na aceitação.'),
    estornado: reais('Reais devolvidos: o valor inteiro nas classes retry e fatal (spec 7.3).'),
    estornado_em: nullable({ type: 'string', format: 'date-time', description: 'Quando foi devolvido (ISO 8601).' }),
    motivo: nullableText('Por que foi devolvido.'),
    estorno_pendente: flag('true no intervalo entre o resultado e o lançamento da devolução pelo faturamento.'),
  }),
  ConsultaPesquisaPreviaBens: withAcceptanceAndCharge(
    'ResultadoPesquisaPreviaBens',
    'Pesquisa prévia concluída: o resultado (spec 2.4), aceite e cobranca. Com provisorio true o resultado ainda pode mudar: consultar_daqui_s diz quando olhar de novo e revisao conta as mudanças.',
    { consultar_daqui_s: NEXT_REVISION },
  ),
  ConsultaVisualizacaoMatricula: withAcceptanceAndCharge(
    'ResultadoVisualizacaoMatricula',
    'Visualização de matrícula concluída: o resultado (spec 2.5), aceite e cobranca.',
  ),
  ConsultaCertidaoInteiroTeor: withAcceptanceAndCharge(
    'ResultadoCertidaoInteiroTeor',
    'Certidão concluída: o resultado (spec 2.6), aceite e cobranca.',
  ),
  ConsultaConcluida: {
    description:
      'data[0] de uma consulta concluída: o resultado do produto (a forma varia com o produto; null no que a origem não informou), mais aceite e cobranca.',
    anyOf: [
      ref('ConsultaPesquisaPreviaBens'),
      ref('ConsultaVisualizacaoMatricula'),
      ref('ConsultaCertidaoInteiroTeor'),
    ],
  },
  ConsultaEmAndamento: {
    description:
      'data[0] de uma consulta ainda em andamento: os campos da fila com um consultar_daqui_s novo; uma certidão em emissão também mostra os seus campos.',
    allOf: [ref('QueueAck'), ref('CertidaoEmEmissao')],
  },
};
