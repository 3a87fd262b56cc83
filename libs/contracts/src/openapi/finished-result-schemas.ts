import type { JsonObject } from './json';
import { flag, nullable, nullableText, objectSchema, reais, ref } from './schema-helpers';

/** What a finished `data[0]` adds to the product result (docs/api.md, `GET /v1/consultas/{protocolo}`). */
const withAcceptanceAndCharge = (result: string, description: string): JsonObject => ({
  description,
  allOf: [
    ref(result),
    {
      type: 'object',
      required: ['aceite', 'cobranca'],
      properties: { aceite: ref('Aceite'), cobranca: ref('Cobranca') },
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
    'Pesquisa prévia concluída: o resultado (spec 2.4), aceite e cobranca.',
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
