import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { ref } from './schema-helpers';
import { type RefusalStatus, refusals, refusalsWithoutBody } from './transport-responses';

const TAG = 'Consultas';
const bearer = [{ bearer: [] }] as const;

function headerRefs(...names: readonly string[]): JsonObject {
  return Object.fromEntries(names.map((name) => [name, ref(name, 'headers')]));
}

const pollOperation: Operation = {
  operationId: 'consultarResultado',
  tags: [TAG],
  summary: 'Resultado de uma consulta',
  description:
    'Lê só o estado guardado: nunca cobra (header.billable false, header.price 0: o 202 da execução já cobrou) e nunca chama a origem (contract 4, regra de execução 6). Qualquer token da conta que fez o pedido; nenhum escopo de produto. Protocolo de outra conta, inexistente ou não numérico: o mesmo 404 (contract 5.6).',
  security: bearer,
  parameters: [ref('Protocolo', 'parameters')],
  responses: {
    '200': {
      description:
        'Concluída: o resultado em code (200, 612, 605...; contract 7.3), com HTTP 200; num 6xx aja pelo code, não pelo status HTTP. data[0] é o resultado do produto mais aceite e cobranca.',
      headers: GUARDED_HEADERS,
      content: {
        'application/json': {
          schema: envelopeOf({ code: ref('ResultCode'), item: ref('ConsultaConcluida') }),
        },
      },
    },
    '202': {
      description:
        'Ainda em andamento (processando; uma certidão EM_EMISSAO também): consulte de novo depois de data[0].consultar_daqui_s segundos.',
      headers: GUARDED_HEADERS,
      content: {
        'application/json': { schema: envelopeOf({ code: { const: 202 }, item: ref('ConsultaEmAndamento') }) },
      },
    },
    ...refusals(401, 403, 404, 429, 500, 503),
  },
};

const documentHeaders = headerRefs('ETag', 'Last-Modified', 'Accept-Ranges', 'Cache-Control');

/** The shared refusals of the document endpoint; its own answers are DOCUMENT_ANSWERS. */
const DOCUMENT_REFUSALS: readonly RefusalStatus[] = [401, 403, 416, 429, 500, 503];

const DOCUMENT_ANSWERS: Operation['responses'] = {
  '200': {
    description: 'O documento inteiro.',
    headers: {
      ...GUARDED_HEADERS,
      ...documentHeaders,
      ...headerRefs('Content-Length', 'Content-Disposition'),
    },
    content: { 'application/pdf': {} },
  },
  '206': {
    description: 'O intervalo de bytes pedido em Range.',
    headers: {
      ...GUARDED_HEADERS,
      ...documentHeaders,
      ...headerRefs('Content-Length', 'Content-Range', 'Content-Disposition'),
    },
    content: { 'application/pdf': {} },
  },
  '304': {
    description: 'If-None-Match casou com o ETag atual: use a sua cópia.',
    headers: { ...GUARDED_HEADERS, ...documentHeaders },
  },
  '404': {
    description:
      'Protocolo inexistente, de outra conta ou não numérico; ou uma consulta sua sem documento (ainda em andamento, falha, nada encontrado). Envelope JSON.',
    headers: GUARDED_HEADERS,
    content: { 'application/json': { schema: envelopeOf({ code: { const: 404 } }) } },
  },
};

const documentOperation: Operation = {
  operationId: 'baixarDocumento',
  tags: [TAG],
  summary: 'Documento arquivado de uma consulta (PDF)',
  description:
    'A cópia arquivada pelo serviço (o documento_url do resultado): o PDF da visualização, da certidão ou, na pesquisa prévia, o comprovante impresso da origem. Mesmo Bearer, não expira, nenhum escopo de produto (decisão 0031). Erros são o envelope JSON.',
  security: bearer,
  parameters: [
    ref('Protocolo', 'parameters'),
    ref('Range', 'parameters'),
    ref('IfRange', 'parameters'),
    ref('IfNoneMatch', 'parameters'),
  ],
  responses: {
    ...DOCUMENT_ANSWERS,
    ...refusals(...DOCUMENT_REFUSALS),
  },
};

/** The same answers without their bodies (RFC 9110 9.3.2): a HEAD has no content. */
function withoutContent(responses: Operation['responses']): Operation['responses'] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const { content: _content, ...rest } = response;
      return [status, rest];
    }),
  );
}

/** `HEAD`: the document's headers (size, ETag, Last-Modified) without downloading it, e.g. before a ranged download. */
const documentHeadOperation: Operation = {
  ...documentOperation,
  operationId: 'conferirDocumento',
  summary: 'Cabeçalhos do documento arquivado, sem o corpo',
  description:
    'O mesmo que GET /v1/consultas/{protocolo}/documento, com os mesmos status e cabeçalhos (Content-Length, ETag, Last-Modified, Accept-Ranges), sem corpo (RFC 9110): para saber o tamanho e o ETag antes de baixar.',
  responses: { ...withoutContent(DOCUMENT_ANSWERS), ...refusalsWithoutBody(...DOCUMENT_REFUSALS) },
};

/** What a protocolo gives: its result and its archived document (contract 4). */
export function orderPaths(): Record<string, PathItem> {
  return {
    '/v1/consultas/{protocolo}': { get: pollOperation },
    '/v1/consultas/{protocolo}/documento': { get: documentOperation, head: documentHeadOperation },
  };
}
