import { FONTES, PRODUCTS } from '../products';
import {
  CERTIDAO_LOTE_BODY_SCHEMA,
  PESQUISA_LOTE_BODY_SCHEMA,
  PESQUISA_NACIONAL_BODY_SCHEMA,
  REQUEST_BODY_SCHEMAS,
  VISUALIZACAO_LOTE_BODY_SCHEMA,
} from '../requests/schemas';
import { RESULT_CODES } from '../result-codes';
import { accountPaths } from './account-paths';
import { ACCOUNT_SCHEMAS } from './account-schemas';
import { BATCH_TAG, batchPaths } from './batch-paths';
import { BATCH_SCHEMAS } from './batch-schemas';
import { CERTIFICATE_RESULT_SCHEMAS } from './certificate-result-schema';
import { ENVELOPE_SCHEMAS } from './envelope-schemas';
import { FINISHED_RESULT_SCHEMAS } from './finished-result-schemas';
import { HEADERS, withEveryAnswerHeaders } from './headers';
import { INFO, SECURITY_SCHEMES, SERVERS } from './info';
import type { JsonObject } from './json';
import type { OpenApiDocument, PathItem } from './openapi-types';
import { orderPaths } from './order-paths';
import { PARAMETERS } from './parameters';
import { productPaths } from './product-paths';
import { QUEUE_SCHEMAS } from './queue-schemas';
import { QUOTE_SCHEMAS } from './quote-schemas';
import { RECORD_VIEW_RESULT_SCHEMAS } from './record-view-result-schema';
import { resultCodeSchema } from './result-code-table';
import { SEARCH_RESULT_SCHEMAS } from './search-result-schema';
import { standardSchema } from './standard-formats';
import { refusalResponses } from './transport-responses';
import { WATCH_TAG, watchPaths } from './watch-paths';
import { WATCH_SCHEMAS } from './watch-schemas';
import { WEBHOOK_HEADER_PARAMETERS, webhookEvents, webhookPayloadComponents } from './webhook-events-section';
import { WEBHOOK_SCHEMAS, WEBHOOK_TAG, webhookPaths } from './webhook-paths';

/** The request bodies of contract 2.3: the very schemas the server validates with, said in standard JSON Schema. */
function requestBodySchemas(): Record<string, JsonObject> {
  return {
    ...Object.fromEntries(
      FONTES.map((fonte) => [REQUEST_BODY_SCHEMAS[fonte].title, standardSchema(REQUEST_BODY_SCHEMAS[fonte])]),
    ),
    [PESQUISA_NACIONAL_BODY_SCHEMA.title]: standardSchema(PESQUISA_NACIONAL_BODY_SCHEMA),
    [PESQUISA_LOTE_BODY_SCHEMA.title]: standardSchema(PESQUISA_LOTE_BODY_SCHEMA),
    [VISUALIZACAO_LOTE_BODY_SCHEMA.title]: standardSchema(VISUALIZACAO_LOTE_BODY_SCHEMA),
    [CERTIDAO_LOTE_BODY_SCHEMA.title]: standardSchema(CERTIDAO_LOTE_BODY_SCHEMA),
  };
}

function tags(): JsonObject[] {
  return [
    ...FONTES.map((fonte) => ({
      name: PRODUCTS[fonte].nome,
      description: `${fonte}: orçamento e execução; escopo ${PRODUCTS[fonte].scope}.${PRODUCTS[fonte].beta ? ' BETA (contract 9.6).' : ''}`,
    })),
    { name: 'Consultas', description: 'O resultado e o documento de um pedido, pelo protocolo.' },
    { name: 'Conta', description: 'O token e o extrato da conta.' },
    {
      name: BATCH_TAG,
      description:
        'Vários pedidos numa chamada: a pesquisa prévia nacional (um pedido por UF), o lote de alvos (um pedido por CPF/CNPJ × UF) e a visão combinada do lote.',
    },
    {
      name: WEBHOOK_TAG,
      description:
        'Avisos assinados (Standard Webhooks) quando um pedido termina ou muda. Opcionais: a consulta do resultado continua sendo a fonte da verdade. O que o seu endpoint recebe, evento por evento, está na seção webhooks deste documento (decisão 0140).',
    },
    {
      name: WATCH_TAG,
      description:
        'Monitoramento de uma pessoa (pesquisa prévia) ou de uma matrícula (visualização), diário, semanal ou mensal: cada execução é um pedido comum do produto, comparado com a anterior (decisões 0152, 0160, 0161).',
    },
  ];
}

/**
 * The OpenAPI 3.1 document of the public /v1 API, built from the contracts themselves (request schemas, products,
 * result codes, envelope), so it cannot drift from the code. docs/openapi.json is this, written by `pnpm openapi`.
 */
export function buildOpenApi(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: INFO,
    servers: SERVERS,
    security: [{ bearer: [] }],
    tags: tags(),
    paths: withAnswerHeaders({
      ...accountPaths(),
      ...productPaths(),
      ...orderPaths(),
      ...batchPaths(),
      ...webhookPaths(),
      ...watchPaths(),
    }),
    webhooks: webhookEvents(),
    components: {
      schemas: {
        ...ENVELOPE_SCHEMAS,
        ResultCode: resultCodeSchema(),
        ...requestBodySchemas(),
        ...QUEUE_SCHEMAS,
        ...QUOTE_SCHEMAS,
        ...BATCH_SCHEMAS,
        ...WEBHOOK_SCHEMAS,
        ...WATCH_SCHEMAS,
        ...webhookPayloadComponents(),
        ...SEARCH_RESULT_SCHEMAS,
        ...RECORD_VIEW_RESULT_SCHEMAS,
        ...CERTIFICATE_RESULT_SCHEMAS,
        ...FINISHED_RESULT_SCHEMAS,
        ...ACCOUNT_SCHEMAS,
      },
      responses: withEveryAnswerHeaders(refusalResponses()),
      parameters: { ...PARAMETERS, ...WEBHOOK_HEADER_PARAMETERS },
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
    'x-result-codes': RESULT_CODES,
  };
}

/** Every operation's responses declare the headers every answer carries (decision 0053); the webhooks section is not ours. */
function withAnswerHeaders(paths: Readonly<Record<string, PathItem>>): Readonly<Record<string, PathItem>> {
  return Object.fromEntries(
    Object.entries(paths).map(([template, item]) => [
      template,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [
          method,
          { ...operation, responses: withEveryAnswerHeaders(operation.responses) },
        ]),
      ),
    ]),
  );
}

/** docs/openapi.json as written: two-space JSON and a final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
