import type { JsonObject } from './json';
import { ref } from './schema-helpers';

const header = (description: string, schema: JsonObject = { type: 'string' }): JsonObject => ({ description, schema });

/** Response headers, by component name. */
export const HEADERS: Readonly<Record<string, JsonObject>> = {
  'X-Request-Id': header('O header.request_id desta resposta: cite-o ao suporte.', { type: 'string', format: 'uuid' }),
  'Retry-After': header('Segundos a esperar antes de reenviar (RFC 9110).', { type: 'integer', minimum: 1 }),
  RateLimit: header(
    'Quanto resta da cota da conta do token, todos os tokens da conta juntos (draft-ietf-httpapi-ratelimit-headers-11, lista structured field): "default";r=<requisições possíveis agora>;t=<segundos até mais uma, ≥ 1>. Em toda resposta depois da verificação do token, recusas incluídas (decisão 0055).',
    { type: 'string', examples: ['"default";r=99;t=1'] },
  ),
  'RateLimit-Policy': header(
    'A política de limite da conta: "default";q=<rajada>;w=<segundos para encher a cota vazia>. A cota é compartilhada por todos os tokens da conta e por todas as réplicas do gateway; r é a visão da réplica que respondeu: confie em Retry-After.',
    { type: 'string', examples: ['"default";q=100;w=5'] },
  ),
  'WWW-Authenticate': header(
    'Bearer realm="regapi", com error="invalid_token" (token malformado, expirado, revogado, desconhecido ou na query string) ou error="insufficient_scope" e scope="consultas:{fonte}" (403).',
  ),
  'Idempotent-Replayed': header(
    'true quando esta é a resposta guardada de um pedido anterior com a mesma Idempotency-Key: mesmo protocolo, mesmo request_id, nenhuma cobrança nova.',
    { type: 'string', const: 'true' },
  ),
  'X-Regapi-Ambiente': {
    ...header(
      'O ambiente do token: producao, ou teste (sandbox: simulador da origem, saldo que se recarrega, nada chega ao registro nem move dinheiro real; decisão 0099). Em toda resposta depois da verificação do token.',
      { type: 'string', enum: ['producao', 'teste'] },
    ),
    required: true,
  },
  ETag: header('O SHA-256 do PDF, validador forte: os bytes nunca mudam sob um protocolo.'),
  'Last-Modified': header('Quando o documento foi arquivado.'),
  'Content-Length': header('Tamanho do corpo em bytes.', { type: 'integer', minimum: 0 }),
  'Content-Range': header('bytes <início>-<fim>/<tamanho> num 206; bytes */<tamanho> num 416.'),
  'Accept-Ranges': header('bytes: um intervalo de bytes por requisição.', { type: 'string', const: 'bytes' }),
  'Content-Disposition': header('inline; filename="<protocolo>-<tipo>.pdf".'),
  'Cache-Control': {
    ...header(
      'no-store, em toda resposta da API (decisão 0053): nenhum cache guarda uma cópia. Num documento, o ETag continua valendo para If-None-Match (304) e If-Range.',
      { type: 'string', const: 'no-store' },
    ),
    required: true,
  },
  'X-Content-Type-Options': {
    ...header('nosniff, em toda resposta da API (decisão 0053): o navegador não adivinha o tipo do corpo.', {
      type: 'string',
      const: 'nosniff',
    }),
    required: true,
  },
};

/** Headers every answer carries, whatever the route and status (decision 0053): declared on every response. */
export const EVERY_ANSWER_HEADERS: JsonObject = {
  'Cache-Control': ref('Cache-Control', 'headers'),
  'X-Content-Type-Options': ref('X-Content-Type-Options', 'headers'),
};

/**
 * Declares EVERY_ANSWER_HEADERS on each response of `responses` (a `$ref` response gets them where it is defined),
 * keeping a response's own headers.
 */
export function withEveryAnswerHeaders<T extends Readonly<Record<string, JsonObject>>>(responses: T): T {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (typeof response.$ref === 'string') return [status, response];
      const own = typeof response.headers === 'object' && response.headers !== null ? response.headers : {};
      return [status, { ...response, headers: { ...(own as JsonObject), ...EVERY_ANSWER_HEADERS } }];
    }),
  ) as T;
}

/** Headers of every answer past the token check (decisions 0035, 0099): the request id, both RateLimit fields, the environment. */
export const GUARDED_HEADERS: JsonObject = {
  'X-Request-Id': ref('X-Request-Id', 'headers'),
  RateLimit: ref('RateLimit', 'headers'),
  'RateLimit-Policy': ref('RateLimit-Policy', 'headers'),
  'X-Regapi-Ambiente': ref('X-Regapi-Ambiente', 'headers'),
};
