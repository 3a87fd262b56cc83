import { REFERENCIA_MAX_LENGTH } from '../requests/schemas';
import { WATCH_ESTADOS, WATCH_FREQUENCIAS, WATCH_TIPOS } from '../requests/watch-body';
import { WATCH_DIFF_SCHEMA, WATCH_DIFF_SCHEMA_NAME } from '../watch-diff';
import type { JsonObject } from './json';
import { flag, instant, nullable, nullableText, objectSchema, reais, ref, text } from './schema-helpers';

const RUN_RESULTADOS = [
  'em_andamento',
  'primeira',
  'sem_alteracao',
  'alteracao',
  'atrasada',
  'falhou',
  'nao_executada_saldo',
  'adiada_por_bloqueio',
] as const;

const tipo: JsonObject = {
  type: 'string',
  enum: [...WATCH_TIPOS],
  description:
    'pessoa: uma pesquisa prévia de bens do CPF/CNPJ (numa UF, ou nacional); matricula: a visualização de uma matrícula. Decide o escopo exigido (consultas:pesquisa-previa-bens ou consultas:visualizacao-matricula).',
};
const frequencia: JsonObject = {
  type: 'string',
  enum: [...WATCH_FREQUENCIAS],
  description:
    'diaria, semanal ou mensal (mesmo dia do mês, ou o último dia quando o mês é mais curto). Uma matrícula é no máximo semanal (o bloqueio de 7 dias da mesma matrícula): diaria é 422; semanal: a cada 7 dias, após o bloqueio de repetição da origem (até o fim daquele dia do cartório).',
};

/** The body of `POST /v1/monitoramentos` and of its quote (docs/decisions/0160): the product's body inside `pedido`. */
export const MONITORAMENTO_BODY_SCHEMA: JsonObject = {
  title: 'MonitoramentoBody',
  description:
    'Corpo de POST /v1/monitoramentos e POST /v1/monitoramentos/orcamento. pedido é EXATAMENTE o corpo da execução do produto, validado pelas mesmas regras (erros nomeados pedido.<campo>).',
  type: 'object',
  additionalProperties: false,
  required: ['tipo', 'frequencia', 'pedido'],
  properties: {
    tipo,
    frequencia,
    referencia: {
      type: ['string', 'null'],
      maxLength: REFERENCIA_MAX_LENGTH,
      description: `Sua referência do monitoramento (até ${REFERENCIA_MAX_LENGTH} caracteres). A referencia de cada pedido, se quiser uma, vai dentro de pedido.`,
    },
    pedido: {
      description:
        'pessoa: o corpo de POST /v1/consultas/pesquisa-previa-bens (com uf: uma UF) ou de POST /v1/consultas/pesquisa-previa-bens/nacional (sem uf: todas as UFs ofertadas, um pedido por UF a cada execução). matricula: o corpo de POST /v1/consultas/visualizacao-matricula.',
      anyOf: [ref('PesquisaPreviaBensBody'), ref('PesquisaNacionalBody'), ref('VisualizacaoMatriculaBody')],
    },
  },
};

const WATCH_FIELDS = {
  id: text('O id do monitoramento.', { format: 'uuid' }),
  tipo,
  frequencia,
  estado: {
    type: 'string',
    enum: [...WATCH_ESTADOS],
    description: 'ativo; pausado (não executa até ser retomado); removido (não executa mais; o histórico fica).',
  },
  referencia: nullableText('A referência enviada; null se nenhuma.'),
  pedido: { type: 'object', description: 'O corpo do produto, como foi enviado: o que cada execução pede.' },
  proxima_execucao_em: nullable(
    instant('A próxima execução planejada (UTC); null quando pausado ou removido. A primeira é na criação.'),
  ),
  criado_em: instant('Quando foi criado (UTC); o calendário das execuções conta a partir daqui.'),
  pausado_em: nullable(instant('Quando foi pausado; null se não está pausado.')),
  removido_em: nullable(instant('Quando foi removido; null se não foi.')),
};

const PRECO_MONITORAMENTO = objectSchema(
  'O preço de uma execução (o orçamento do produto) e o custo projetado em 30 dias; nada é cobrado ao criar.',
  {
    por_execucao: reais('O orçamento de uma execução, em reais (a soma das UFs na pesquisa nacional).'),
    execucoes_em_30_dias: {
      type: 'number',
      description: '30 (diaria), 4.29 (semanal: 30/7; 3.75 para uma matrícula, a cada 8 dias) ou 1 (mensal).',
    },
    mensal_projetado: reais('por_execucao × execuções em 30 dias, em reais, arredondado ao centavo.'),
    estimado: { type: 'boolean', const: true, description: 'Sempre true: cada execução cobra o orçamento da hora.' },
  },
);

/** The items of the monitoring routes (docs/api.md, Monitoramentos). */
export const WATCH_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  MonitoramentoBody: MONITORAMENTO_BODY_SCHEMA,
  PrecoMonitoramento: PRECO_MONITORAMENTO,
  Monitoramento: objectSchema('Um monitoramento da conta do token.', WATCH_FIELDS),
  MonitoramentoCriado: objectSchema('O monitoramento criado, com o preço.', {
    ...WATCH_FIELDS,
    preco: ref('PrecoMonitoramento'),
  }),
  OrcamentoMonitoramento: objectSchema('O orçamento de um monitoramento: o do produto, e o mês projetado.', {
    tipo,
    frequencia,
    disponivel: flag('false: o produto não oferta esta execução (code 602); preco é null.'),
    preco: nullable(ref('PrecoMonitoramento')),
    orcamento: {
      description: 'O orçamento do produto, exatamente como POST /v1/orcamento/{fonte} (ou .../nacional) o devolve.',
      anyOf: [ref('Orcamento'), ref('Indisponivel'), ref('OrcamentoNacional'), ref('IndisponivelNacional')],
    },
  }),
  /** The history's `diferencas` and the `monitoramento.alteracao` webhook's (decisions 0162, 0165). */
  [WATCH_DIFF_SCHEMA_NAME]: WATCH_DIFF_SCHEMA,
  PaginaMonitoramentos: objectSchema('Uma página de monitoramentos, o criado mais recente primeiro.', {
    monitoramentos: { type: 'array', items: ref('Monitoramento') },
    proximo_cursor: nullableText('Passe como cursor para a próxima página; null na última. Opaco: não o altere.'),
  }),
  ExecucaoMonitoramento: objectSchema('Uma execução planejada e o que resultou dela.', {
    planejada_em: instant('O instante planejado (UTC).'),
    resultado: {
      type: 'string',
      enum: [...RUN_RESULTADOS],
      description:
        'em_andamento (pedido aceito, resultado ainda não comparado); primeira (a base de comparação); sem_alteracao; alteracao (diferencas diz o quê); atrasada (não começou na janela; motivo diz por quê); falhou; nao_executada_saldo; adiada_por_bloqueio (a matrícula estava no bloqueio de 7 dias).',
    },
    protocolo: nullableText('O protocolo do pedido que a execução fez; null quando não fez nenhum.'),
    diferencas: {
      description: 'A comparação com a execução anterior que chegou a um resultado; null quando não houve.',
      anyOf: [ref(WATCH_DIFF_SCHEMA_NAME), { type: 'null' }],
    },
    motivo: nullableText('Por que atrasou, falhou, não executou ou foi adiada; null nos outros casos.'),
    registrada_em: instant('Quando o resultado foi registrado (UTC).'),
    atrasada_em: nullable(
      instant(
        'Quando a execução, com o pedido aceito, foi dada como atrasada por não ter começado até o fim da janela (UTC); null se não foi. O pedido não é cancelado: ainda roda e é comparado, e resultado é o da comparação.',
      ),
    ),
    motivo_atraso: nullableText(
      'Por que não começou na janela (sem capacidade ociosa da origem, produto fora de serviço); null se não atrasou.',
    ),
  }),
  PaginaExecucoes: objectSchema('Uma página do histórico, a execução planejada mais recente primeiro.', {
    execucoes: { type: 'array', items: ref('ExecucaoMonitoramento') },
    proximo_cursor: nullableText('Passe como cursor para a próxima página; null na última. Opaco: não o altere.'),
  }),
};
