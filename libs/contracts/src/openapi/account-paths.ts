import { CSV_DIALECTS } from '../csv-dialects';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, ORDER_LIST_ESTADOS } from '../order-list';
import { FONTES } from '../products';
import { REFERENCIA_MAX_LENGTH } from '../requests/schemas';
import { RESULT_CODES } from '../result-codes';
import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { ref } from './schema-helpers';
import { refusals } from './transport-responses';

const TAG = 'Conta';
const bearer = [{ bearer: [] }] as const;

const tokenOperation: Operation = {
  operationId: 'verificarToken',
  tags: [TAG],
  summary: 'Verificar o token',
  description:
    'Verifica o token e seus escopos sem uma chamada paga (contract 5.5): de graça, nunca chama a origem. Qualquer token válido; nenhum escopo.',
  security: bearer,
  responses: {
    '200': {
      description: 'Token válido: data[0] traz a conta, o id do token, os escopos e a validade.',
      headers: GUARDED_HEADERS,
      content: { 'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('Token') }) } },
    },
    ...refusals(401, 403, 429, 500, 503),
  },
};

const query = (name: string, description: string, schema: JsonObject): JsonObject => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const dialetoParameter = query(
  'dialeto',
  'O dialeto do CSV: rfc4180 (padrão: vírgula, ponto decimal) ou pt-BR (ponto e vírgula, vírgula decimal e marca de ordem de bytes UTF-8, como uma planilha em português abre; decisão 0144). Ignorado fora do CSV.',
  { type: 'string', enum: [...CSV_DIALECTS] },
);

const extratoOperation: Operation = {
  operationId: 'extrato',
  tags: [TAG],
  summary: 'Extrato da conta',
  description:
    'Só a conta do token: toda recarga, débito, devolução e ajuste, na ordem aplicada, com o saldo depois de cada um. De graça; nenhum escopo (decisão 0018). Um dia que não existe, um parâmetro repetido, de depois de ate ou mais de 366 dias: 422 nomeando de ou ate.',
  security: bearer,
  parameters: [ref('De', 'parameters'), ref('Ate', 'parameters'), dialetoParameter],
  responses: {
    '200': {
      description:
        "JSON (padrão): um item de data por linha. Com Accept: text/csv, RFC 4180 (vírgula, ponto decimal, CRLF, UTF-8) com linha de cabeçalho (data_hora primeiro), valores como texto com duas casas (-42.50), células vazias para null; texto que começa com =, +, - ou @ leva um ' na frente. Com dialeto=pt-BR: ponto e vírgula, vírgula decimal (-42,50) e marca de ordem de bytes UTF-8 no início; nome do arquivo terminado em -pt-BR.csv.",
      headers: GUARDED_HEADERS,
      content: {
        'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('ExtratoLinha') }) },
        'text/csv': { schema: { type: 'string' } },
      },
    },
    ...refusals(401, 403, 422, 429, 500, 503),
  },
};

const monthlyStatementOperation: Operation = {
  operationId: 'extratoMensal',
  tags: [TAG],
  summary: 'Extrato mensal fechado (PDF ou CSV)',
  description:
    'Só a conta do token: o demonstrativo de um mês já fechado no horário de Brasília (saldo inicial, cada lançamento, saldo final e totais por produto), os mesmos bytes guardados no fechamento, que nunca mudam (decisões 0105, 0106). PDF por padrão; CSV com formato=csv ou Accept: text/csv (formato vence o Accept). De graça; nenhum escopo. Mês que não é AAAA-MM, anterior a 2000 ou que ainda não começou, ou formato inválido: 422 nomeando mes ou formato; o mês em curso, ou um mês encerrado cujo fechamento ainda não rodou: 409; um mês anterior à conta: 404. Erros são o envelope JSON.',
  security: bearer,
  parameters: [
    {
      name: 'mes',
      in: 'path',
      required: true,
      description: 'O mês, AAAA-MM, no horário de Brasília.',
      schema: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', examples: ['2026-10'] },
    },
    {
      name: 'formato',
      in: 'query',
      required: false,
      description: 'pdf ou csv; sem ele, o Accept decide (text/csv ou application/pdf) e o padrão é pdf.',
      schema: { type: 'string', enum: ['pdf', 'csv'] },
    },
    query(
      'dialeto',
      'O dialeto do CSV: rfc4180 (padrão, os bytes guardados no fechamento) ou pt-BR (ponto e vírgula, vírgula decimal, marca de ordem de bytes), escrito na hora a partir dos mesmos lançamentos do mês, sem ETag (decisão 0144).',
      { type: 'string', enum: [...CSV_DIALECTS] },
    ),
  ],
  responses: {
    '200': {
      description:
        'O documento do mês, como anexo (Content-Disposition: attachment; filename="extrato-AAAA-MM.pdf|csv"). O CSV tem as colunas do extrato: uma linha saldo_inicial, os lançamentos, uma linha total_produto por produto (fonte; sem-produto para recargas e ajustes) e uma linha saldo_final. ETag: o SHA-256 dos bytes.',
      headers: {
        ...GUARDED_HEADERS,
        ETag: { description: 'O SHA-256 do documento, entre aspas.', schema: { type: 'string' } },
        'Content-Disposition': {
          description: 'attachment; filename="extrato-AAAA-MM.pdf" (ou .csv).',
          schema: { type: 'string' },
        },
      },
      content: { 'application/pdf': {}, 'text/csv': { schema: { type: 'string' } } },
    },
    ...refusals(401, 403, 404, 409, 422, 429, 500, 503),
  },
};

const saldoOperation: Operation = {
  operationId: 'saldo',
  tags: [TAG],
  summary: 'Saldo da conta',
  description:
    'Só a conta do token: o saldo, o limite de saldo baixo e quanto está reservado em pedidos ainda não liquidados (decisão 0091). De graça; nenhum escopo; nunca chama a origem.',
  security: bearer,
  responses: {
    '200': {
      description: 'data[0] traz o saldo, em reais.',
      headers: GUARDED_HEADERS,
      content: { 'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('Saldo') }) } },
    },
    ...refusals(401, 403, 429, 500, 503),
  },
};

const statusOperation: Operation = {
  operationId: 'status',
  tags: [TAG],
  summary: 'Status dos produtos',
  description:
    'Um item de data por produto: em serviço ou não, a espera prevista de um pedido feito agora e, na última hora, a taxa de sucesso e os tempos p50/p95 da aceitação à conclusão (decisão 0092). O mesmo para todos os clientes, lido de novo a cada poucos segundos. De graça; nenhum escopo; nunca chama a origem.',
  security: bearer,
  responses: {
    '200': {
      description: 'Um item por produto, na ordem dos produtos.',
      headers: GUARDED_HEADERS,
      content: { 'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('StatusProduto') }) } },
    },
    ...refusals(401, 403, 429, 500, 503),
  },
};

const listOperation: Operation = {
  operationId: 'listarConsultas',
  tags: ['Consultas'],
  summary: 'Pedidos da conta',
  description:
    'Só a conta do token: seus pedidos, o aceito mais recente primeiro, uma página por chamada (data[0].consultas) e data[0].proximo_cursor para a seguinte; a ordem não muda com pedidos novos chegando entre as páginas. Filtros combináveis; de e ate são dias da aceitação no horário de Brasília, como no extrato (só um deles: o outro segue o padrão do extrato). Um parâmetro desconhecido, repetido ou inválido: 422 nomeando-o. De graça; nenhum escopo.',
  security: bearer,
  parameters: [
    query('fonte', 'Só pedidos deste produto.', { type: 'string', enum: [...FONTES] }),
    query('estado', 'processando ou concluido.', { type: 'string', enum: [...ORDER_LIST_ESTADOS] }),
    query('codigo', 'Só pedidos concluídos com este código de resultado (contract 7.3).', {
      type: 'integer',
      enum: RESULT_CODES.map((info) => info.code),
    }),
    query('referencia', 'Só pedidos com esta referencia, exata (a do corpo da execução).', {
      type: 'string',
      minLength: 1,
      maxLength: REFERENCIA_MAX_LENGTH,
    }),
    query(
      'referencia_prefixo',
      'Só pedidos cuja referencia começa com este texto, como digitado (maiúsculas contam; decisão 0144).',
      { type: 'string', minLength: 1, maxLength: REFERENCIA_MAX_LENGTH },
    ),
    query('monitoramento', 'Só as execuções deste monitoramento da conta (o id; GET /v1/monitoramentos).', {
      type: 'string',
      format: 'uuid',
    }),
    ref('De', 'parameters'),
    ref('Ate', 'parameters'),
    query('limite', 'Pedidos por página.', {
      type: 'integer',
      minimum: 1,
      maximum: MAX_LIST_LIMIT,
      default: DEFAULT_LIST_LIMIT,
    }),
    query('cursor', 'O proximo_cursor da página anterior.', { type: 'string' }),
  ],
  responses: {
    '200': {
      description: 'Uma página.',
      headers: GUARDED_HEADERS,
      content: { 'application/json': { schema: envelopeOf({ code: { const: 200 }, item: ref('PaginaConsultas') }) } },
    },
    ...refusals(401, 403, 422, 429, 500, 503),
  },
};

/** The caller's own account: the token, the statement, the balance, the products' status, the orders (docs/api.md). */
export function accountPaths(): Record<string, PathItem> {
  return {
    '/v1/token': { get: tokenOperation },
    '/v1/extrato': { get: extratoOperation },
    '/v1/extrato/mensal/{mes}': { get: monthlyStatementOperation },
    '/v1/saldo': { get: saldoOperation },
    '/v1/status': { get: statusOperation },
    '/v1/consultas': { get: listOperation },
  };
}
