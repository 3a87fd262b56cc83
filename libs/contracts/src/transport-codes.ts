/**
 * Messages of the transport statuses (contract 7.1): the envelope `code` equals the HTTP status. Used by the HTTP layer;
 * the query results (6xx) are in `result-codes.ts`.
 */
export const TRANSPORT_MESSAGES = Object.freeze({
  400: 'Requisição malformada.',
  401: 'Token ausente, malformado, revogado ou expirado. Envie Authorization: Bearer <token> (nunca na query string).',
  // Prepaid account (contract 1.4): an execution that the balance cannot pay is refused before any order.
  402: 'Saldo insuficiente na conta pré-paga. Nada foi cobrado.',
  403: 'O token não tem o escopo deste produto (consultas:{fonte}).',
  404: 'Não encontrado.',
  // Issue 12 item 6: the request line, headers or body did not all arrive within the server's timeouts.
  408: 'A requisição não chegou inteira a tempo e a conexão foi encerrada. Nada foi cobrado: reenvie (numa execução, com a MESMA Idempotency-Key).',
  // architecture rule 4: a duplicate key that cannot wait for the first request still in its transaction.
  409: 'Outra requisição com a mesma Idempotency-Key ainda está em andamento. Repita em instantes com a MESMA chave.',
  413: 'Corpo da requisição grande demais.',
  415: 'O corpo deve ser JSON (Content-Type: application/json).',
  422: 'Requisição inválida: veja os campos em errors. Nada foi cobrado.',
  429: 'Limite de requisições excedido. Aguarde o tempo indicado em Retry-After.',
  431: 'Cabeçalhos da requisição grandes demais.',
  500: 'Erro interno. Cite o request_id ao suporte.',
  503: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
} as const);

export type TransportCode = keyof typeof TRANSPORT_MESSAGES;

export function isTransportCode(status: number): status is TransportCode {
  return Object.hasOwn(TRANSPORT_MESSAGES, status);
}

/** The message of an HTTP status; any other 4xx or 5xx falls back to a generic one, never to an empty string. */
export function transportMessage(status: number): string {
  if (isTransportCode(status)) return TRANSPORT_MESSAGES[status];
  if (status >= 500) return TRANSPORT_MESSAGES[500];
  if (status >= 400) return 'Requisição recusada.';
  return 'OK';
}

/**
 * The 429 of an execution refused by the plan's open-order limit (docs/decisions/0084): how many orders the account has
 * open and the plan's maximum, that nothing was charged, and how to go on (the SAME key once an order finishes).
 */
export function openOrderLimitMessage(open: number, limit: number, adding = 1): string {
  const pedidos = open === 1 ? '1 pedido' : `${open} pedidos`;
  const lote = adding > 1 ? `, este lote abriria mais ${adding}` : '';
  return `Limite de pedidos em aberto do plano atingido: esta conta já tem ${pedidos} aceitos e ainda não concluídos${lote}, e o plano permite no máximo ${limit} ao mesmo tempo. Nada foi cobrado e nenhum pedido foi criado. Reenvie com a MESMA Idempotency-Key quando algum pedido terminar (acompanhe em GET /v1/consultas/{protocolo}); Retry-After sugere quando tentar de novo.`;
}

/** `Retry-After` of that 429: a slot frees when one of the account's orders finishes; about one origin run away. */
export const OPEN_ORDER_LIMIT_RETRY_AFTER_S = 60;
