import { FONTES, type Fonte } from '../products';
import type { JsonObject } from './json';
import { flag, integer, nullable, nullableText, objectSchema, reais, ref, text } from './schema-helpers';

/** Component names of each product's schemas in a poll's answer. */
const NAMES: Readonly<Record<Fonte, { readonly result: string; readonly finished: string; readonly running: string }>> =
  {
    'pesquisa-previa-bens': {
      result: 'ResultadoPesquisaPreviaBens',
      finished: 'ConsultaPesquisaPreviaBens',
      running: 'EmAndamentoPesquisaPreviaBens',
    },
    'visualizacao-matricula': {
      result: 'ResultadoVisualizacaoMatricula',
      finished: 'ConsultaVisualizacaoMatricula',
      running: 'EmAndamentoVisualizacaoMatricula',
    },
    'certidao-inteiro-teor': {
      result: 'ResultadoCertidaoInteiroTeor',
      finished: 'ConsultaCertidaoInteiroTeor',
      running: 'EmAndamentoCertidaoInteiroTeor',
    },
  };

/** `fonte` of a poll's `data[0]`: which product it is, so a typed client narrows the result by it (decision 0061). */
const fonte = (value: Fonte): JsonObject => ({
  type: 'string',
  const: value,
  description: 'O produto do pedido: diz qual forma tem este item.',
});

/**
 * A union told apart by `fonte`. The discriminator sits beside `oneOf` for generators that read it; every member also
 * has `fonte` as a required `const`, which is what a plain JSON Schema validator (and TypeScript narrowing) uses.
 */
function byFonte(description: string, member: (names: (typeof NAMES)[Fonte]) => string): JsonObject {
  return {
    type: 'object',
    description,
    oneOf: FONTES.map((value) => ref(member(NAMES[value]))),
    discriminator: {
      propertyName: 'fonte',
      mapping: Object.fromEntries(FONTES.map((value) => [value, `#/components/schemas/${member(NAMES[value])}`])),
    },
  };
}

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

/** Issue 17: the body's `referencia`, echoed by every poll (not required: a new field, contract 9.2). */
const REFERENCIA: JsonObject = nullableText('A referência que você enviou no corpo da execução; null se nenhuma.');

/** What a finished `data[0]` adds to the product result (docs/api.md, `GET /v1/consultas/{protocolo}`). */
function finished(value: Fonte, description: string, optional: Readonly<Record<string, JsonObject>> = {}): JsonObject {
  return {
    type: 'object',
    description,
    required: ['fonte', 'aceite', 'cobranca', ...Object.keys(REVISION_PROPERTIES)],
    properties: {
      fonte: fonte(value),
      referencia: REFERENCIA,
      aceite: ref('Aceite'),
      cobranca: ref('Cobranca'),
      ...REVISION_PROPERTIES,
      ...optional,
    },
    allOf: [ref(NAMES[value].result)],
  };
}

/** A running order: the queue fields (contract 2.2) and its product. */
function running(value: Fonte, description: string, extra: Readonly<Record<string, JsonObject>> = {}): JsonObject {
  return {
    type: 'object',
    description,
    required: ['fonte'],
    properties: { fonte: fonte(value), referencia: REFERENCIA, ...extra },
    allOf: [ref('QueueAck')],
  };
}

const numeroPedido = nullableText('Protocolo do cartório.');

/** `data[0]` of `GET /v1/consultas/{protocolo}`: finished (200) or still running (202). */
export const FINISHED_RESULT_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  Cobranca: objectSchema('O que foi debitado na aceitação e o que voltou (contract 2.1).', {
    debitado: reais('Reais debitados na aceitação.'),
    estornado: reais('Reais devolvidos: o valor inteiro nas classes retry e fatal (contract 7.3).'),
    estornado_em: nullable({ type: 'string', format: 'date-time', description: 'Quando foi devolvido (ISO 8601).' }),
    motivo: nullableText('Por que foi devolvido.'),
    estorno_pendente: flag('true no intervalo entre o resultado e o lançamento da devolução pelo faturamento.'),
  }),
  ConsultaPesquisaPreviaBens: finished(
    'pesquisa-previa-bens',
    'Pesquisa prévia concluída: fonte, o resultado (contract 2.4), aceite e cobranca. Com provisorio true o resultado ainda pode mudar: consultar_daqui_s diz quando olhar de novo e revisao conta as mudanças.',
    { consultar_daqui_s: NEXT_REVISION },
  ),
  ConsultaVisualizacaoMatricula: finished(
    'visualizacao-matricula',
    'Visualização de matrícula concluída: fonte, o resultado (contract 2.5), aceite e cobranca.',
  ),
  ConsultaCertidaoInteiroTeor: finished(
    'certidao-inteiro-teor',
    'Certidão concluída: fonte, o resultado (contract 2.6), aceite e cobranca.',
  ),
  ConsultaConcluida: byFonte(
    'data[0] de uma consulta concluída: o resultado do produto (a forma depende de fonte; null no que a origem não informou), mais aceite e cobranca.',
    (names) => names.finished,
  ),
  EmAndamentoPesquisaPreviaBens: running('pesquisa-previa-bens', 'Pesquisa prévia na fila ou em execução.'),
  EmAndamentoVisualizacaoMatricula: running(
    'visualizacao-matricula',
    'Visualização de matrícula na fila ou em execução.',
  ),
  /**
   * A certificate once protocolled (contract 3, EM_EMISSAO) also shows the fields of its result so far (decision 0028):
   * before that, only the queue fields. Optional here because a queued certificate has none of them.
   */
  EmAndamentoCertidaoInteiroTeor: running(
    'certidao-inteiro-teor',
    'Certidão na fila, em execução ou em emissão. Em emissão (status_consulta EM_EMISSAO) traz também os campos do resultado até agora: consultar_daqui_s vai até a previsão, depois 900 s.',
    {
      status_consulta: {
        type: 'string',
        const: 'EM_EMISSAO',
        description: 'Presente quando a certidão foi protocolada.',
      },
      status: { type: 'null', description: 'Ainda não há documento.' },
      previsao_entrega_em: nullable({
        type: 'string',
        format: 'date-time',
        description: 'Previsão de entrega (ISO 8601), em horas úteis do cartório.',
      }),
      documento_url: { type: 'null', description: 'Ainda não há documento.' },
      certidao_codigo: { type: 'null', description: 'Ainda não há documento.' },
      mensagem: text('Protocolo, prazo e previsão.'),
      site_receipts: { type: 'array', maxItems: 0, items: { type: 'string' }, description: 'Vazio em emissão.' },
      identificadores: objectSchema('Identificadores do pedido.', { numero_pedido: numeroPedido }),
    },
  ),
  ConsultaEmAndamento: byFonte(
    'data[0] de uma consulta ainda em andamento: fonte e os campos da fila com um consultar_daqui_s novo; uma certidão em emissão também mostra os seus campos.',
    (names) => names.running,
  ),
};
