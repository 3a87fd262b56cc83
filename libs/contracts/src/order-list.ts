/** `GET /v1/consultas` (issue 17): page sizes and the API's words for an order's state. */
export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;

/** Contract 3: `processando` answers 202 to a poll, a finished order 200. */
export const ORDER_LIST_ESTADOS = ['processando', 'concluido'] as const;
export type OrderListEstado = (typeof ORDER_LIST_ESTADOS)[number];
