import { FONTES, type Fonte, PRODUCTS, type Product } from '../products';
import { REQUEST_BODY_SCHEMAS } from '../requests/schemas';
import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import type { Operation, PathItem } from './openapi-types';
import { SANDBOX_EXAMPLES } from './sandbox-examples';
import { ref } from './schema-helpers';
import { refusals } from './transport-responses';

/** `pesquisa-previa-bens` → `PesquisaPreviaBens`, for operation ids. */
function pascal(fonte: Fonte): string {
  return fonte
    .split('-')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');
}

/** Contract 9.6: the operations of a beta product say so. */
function beta(product: Product): { readonly 'x-beta'?: true } {
  return product.beta ? { 'x-beta': true } : {};
}

function betaNote(product: Product): string {
  return product.beta ? ' Produto em BETA (contract 9.6).' : '';
}

function jsonBody(fonte: Fonte): JsonObject {
  return { required: true, content: { 'application/json': { schema: ref(REQUEST_BODY_SCHEMAS[fonte].title) } } };
}

/** The execution's body names sandbox test identities as examples (docs/sandbox.md): what a `teste` token gets. */
function executionBody(fonte: Fonte): JsonObject {
  const schema = ref(REQUEST_BODY_SCHEMAS[fonte].title);
  return { required: true, content: { 'application/json': { schema, examples: { ...SANDBOX_EXAMPLES[fonte] } } } };
}

function json(description: string, schema: JsonObject, headers: JsonObject = GUARDED_HEADERS): JsonObject {
  return { description, headers, content: { 'application/json': { schema } } };
}

const unavailable = json(
  'Indisponível (code 602, HTTP 200): nada cobrado, origem não chamada (contract 7.6). Aja pelo code, não pelo status HTTP.',
  envelopeOf({ code: { const: 602 }, item: ref('Indisponivel') }),
);

function quoteOperation(product: Product): Operation {
  return {
    operationId: `orcar${pascal(product.fonte)}`,
    tags: [product.nome],
    summary: `Orçar: ${product.nome}`,
    description: `Preço e disponibilidade do alvo real, de graça: não executa, não cobra (header.billable false, header.price 0), nunca chama a origem (o preço vem do catálogo local mais a margem do plano). O orçamento é o único número que bate com a cobrança. Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo ${product.scope} (403) → corpo (422, campo a campo) → orçamento (200 ou 602).${betaNote(product)}`,
    security: [{ bearer: [product.scope] }],
    ...beta(product),
    requestBody: jsonBody(product.fonte),
    responses: {
      '200': json(
        'O resultado com HTTP 200 (contract 7.2): code 200 cotado (data[0] um Orcamento) ou 602 não ofertado (data[0] Indisponivel).',
        envelopeOf({ code: { enum: [200, 602] }, item: { oneOf: [ref('Orcamento'), ref('Indisponivel')] } }),
      ),
      ...refusals(401, 403, 413, 422, 429, 500, 503),
    },
  };
}

function executionOperation(product: Product): Operation {
  return {
    operationId: `executar${pascal(product.fonte)}`,
    tags: [product.nome],
    summary: `Executar: ${product.nome} (pago)`,
    description: `Executa a consulta e debita a conta pré-paga: um ato de registro pago, que não se desfaz (contract 1.4). A consulta roda numa fila: acompanhe em GET /v1/consultas/{protocolo}. Tempo máximo na origem: ${product.maxTimeoutSeconds} s (contract 8). Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo ${product.scope} (403) → corpo e Idempotency-Key (422, juntos) → idempotência → orçamento (602) → bloqueio de pedido (602) → pedidos em aberto no limite do plano (429, com Retry-After; decisão 0084) → saldo (402) → aceito (202, debitado). Nada é cobrado em nenhuma recusa.${betaNote(product)}`,
    security: [{ bearer: [product.scope] }],
    ...beta(product),
    parameters: [ref('IdempotencyKey', 'parameters')],
    requestBody: executionBody(product.fonte),
    responses: {
      '202': json(
        'Aceito e debitado (contract 2.2): header.billable true, header.price o valor debitado (o preco.total do orçamento). O 200 que vier depois não soma de novo. Uma repetição com a mesma Idempotency-Key e o mesmo pedido devolve esta mesma resposta, com Idempotent-Replayed: true.',
        ref('Aceite'),
        { ...GUARDED_HEADERS, 'Idempotent-Replayed': ref('Idempotent-Replayed', 'headers') },
      ),
      '200': unavailable,
      ...refusals(401, 402, 403, 409, 413, 422, 429, 500, 503),
    },
  };
}

/** One quote path and one execution path per product (contract 4), from the product table: never written out by hand. */
export function productPaths(): Record<string, PathItem> {
  return Object.fromEntries(
    FONTES.flatMap((fonte) => [
      [`/v1/orcamento/${fonte}`, { post: quoteOperation(PRODUCTS[fonte]) }],
      [`/v1/consultas/${fonte}`, { post: executionOperation(PRODUCTS[fonte]) }],
    ]),
  );
}
