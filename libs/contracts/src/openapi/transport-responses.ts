import { isTransportCode, TRANSPORT_MESSAGES } from '../transport-codes';
import { envelopeOf } from './envelope-schemas';
import { GUARDED_HEADERS } from './headers';
import type { JsonObject } from './json';
import { ref } from './schema-helpers';

/** A refusal the document lists: its component name, when it happens, and the headers it carries besides the guards'. */
interface Refusal {
  readonly name: string;
  readonly when: string;
  readonly headers?: readonly string[];
}

/**
 * Transport statuses (contract 7.1; docs/api.md "Transport statuses"): the envelope `code` equals the HTTP status, never
 * billed. Keyed by status; the `code_message` is TRANSPORT_MESSAGES' where the code has one.
 */
export const REFUSALS = {
  401: {
    name: 'Unauthorized',
    when: 'Token ausente, malformado, revogado ou expirado, ou enviado na query string (?access_token=, ?token= ou um JWT em qualquer parâmetro): recusado MESMO com um token válido no cabeçalho, pois a URL já o vazou para logs; trate esse token como comprometido. Não passa pelo limite de requisições.',
    headers: ['WWW-Authenticate'],
  },
  402: {
    name: 'PaymentRequired',
    when: 'O saldo pré-pago não cobre o preço cotado: nada é cobrado, nenhum pedido é criado, nenhuma Idempotency-Key é consumida; recarregue e reenvie com a MESMA chave (decisão 0024).',
  },
  403: {
    name: 'Forbidden',
    when: 'Token sem o escopo consultas:{fonte} do produto, no orçamento ou na execução desse produto; ou, em qualquer rota /v1, um token com lista de redes permitidas usado de um endereço fora dela (code_message: "O endereço de origem desta conexão não está na lista de redes permitidas deste token...", sem WWW-Authenticate nem RateLimit: vem antes do limite; decisão 0074).',
    headers: ['WWW-Authenticate'],
  },
  404: {
    name: 'NotFound',
    when: 'Protocolo inexistente, de outra conta ou não numérico: a mesma resposta (contract 5.6).',
  },
  409: {
    name: 'Conflict',
    when: 'Uma Idempotency-Key duplicada cujo primeiro pedido ainda está sendo aceito depois de 10 s: reenvie com a MESMA chave depois de Retry-After (decisão 0026).',
    headers: ['Retry-After'],
  },
  413: { name: 'ContentTooLarge', when: 'Corpo acima de 32 KiB.' },
  416: {
    name: 'RangeNotSatisfiable',
    when: 'Nenhum byte do intervalo pedido existe no documento: Content-Range: bytes */<tamanho>.',
    headers: ['Content-Range', 'Accept-Ranges'],
  },
  422: {
    name: 'UnprocessableContent',
    when: 'Corpo inválido (campo a campo em errors), JSON malformado (campo body), Idempotency-Key ausente ou inválida, ou uma chave já usada com outro pedido. Nunca cobrado.',
  },
  429: {
    name: 'TooManyRequests',
    when: 'Requisições demais desta conta (todos os seus tokens juntos), ou credenciais recusadas demais deste endereço: espere Retry-After segundos e reenvie (na execução, com a MESMA Idempotency-Key). Na execução, também: a conta já tem o máximo de pedidos em aberto (aceitos e não concluídos) do seu plano; o code_message diz quantos tem e o máximo, e Retry-After (60 s) sugere quando tentar de novo; reenvie com a MESMA chave quando algum pedido terminar (decisão 0084). Não consome nada, não reivindica chave, não cria pedido, nada é cobrado.',
    headers: ['Retry-After'],
  },
  500: {
    name: 'InternalServerError',
    when: 'Falha inesperada do nosso lado; a mensagem nunca traz detalhes internos: cite o request_id.',
  },
  503: {
    name: 'ServiceUnavailable',
    when: 'Uma dependência nossa está fora do ar (o banco de dados; o armazenamento do documento arquivado): nada foi cobrado por esta resposta. Reenvie depois de Retry-After segundos (na execução, com a MESMA Idempotency-Key: se a aceitação chegou a ser gravada, o reenvio devolve a mesma resposta; decisão 0058).',
    headers: ['Retry-After'],
  },
} as const satisfies Readonly<Record<number, Refusal>>;

export type RefusalStatus = keyof typeof REFUSALS;

function description(status: RefusalStatus, refusal: Refusal): string {
  const message = isTransportCode(status) ? ` code_message: "${TRANSPORT_MESSAGES[status]}"` : '';
  return `${refusal.when}${message}`;
}

function refusalHeaders(status: RefusalStatus): JsonObject {
  const refusal: Refusal = REFUSALS[status];
  // 401 stops before the rate limit: no RateLimit fields (decision 0035). A 503 can come before the token check
  // too (the database it needs is down), so neither the RateLimit fields nor X-Regapi-Ambiente are promised there.
  const guards: JsonObject =
    status === 401 || status === 503 ? { 'X-Request-Id': ref('X-Request-Id', 'headers') } : GUARDED_HEADERS;
  const own = Object.fromEntries((refusal.headers ?? []).map((name) => [name, ref(name, 'headers')]));
  return { ...guards, ...own };
}

function refusalResponse(status: RefusalStatus): JsonObject {
  return {
    description: description(status, REFUSALS[status]),
    headers: refusalHeaders(status),
    content: {
      'application/json': {
        schema: envelopeOf({ code: { const: status }, withErrors: status === 422 }),
      },
    },
  };
}

function isRefusalStatus(status: number): status is RefusalStatus {
  return Object.hasOwn(REFUSALS, status);
}

const STATUSES: readonly RefusalStatus[] = Object.keys(REFUSALS).map(Number).filter(isRefusalStatus);

/** `components.responses`: one per transport status, by name. */
export function refusalResponses(): Record<string, JsonObject> {
  return Object.fromEntries(STATUSES.map((status) => [REFUSALS[status].name, refusalResponse(status)]));
}

/** The `responses` entries of an operation for these statuses, as references. */
export function refusals(...statuses: readonly RefusalStatus[]): Record<string, JsonObject> {
  return Object.fromEntries(statuses.map((status) => [String(status), ref(REFUSALS[status].name, 'responses')]));
}

/** The same refusals answering a HEAD: their status and headers, no body (RFC 9110 9.3.2). */
export function refusalsWithoutBody(...statuses: readonly RefusalStatus[]): Record<string, JsonObject> {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: `${description(status, REFUSALS[status])} Sem corpo (HEAD).`, headers: refusalHeaders(status) },
    ]),
  );
}
