import {
  type Fonte,
  isFonte,
  type PesquisaLoteRequest,
  type RequestBodies,
  validatePesquisaLoteBody,
  validateRequest,
} from '@regapi/contracts';

/** The request of an order of any product: the body the HTTP edge validated and normalized (libs/contracts). */
export type OrderRequestBody = RequestBodies[Fonte];

/**
 * `orders.request` read: the normalized body, told apart by the order's product. It is decoded by the very schemas
 * and normalization of the HTTP edge (libs/contracts `validateRequest`), so the stored form and the accepted one
 * cannot drift (decision 0115).
 */
export type OrderRequest = { readonly [F in Fonte]: { readonly fonte: F; readonly body: RequestBodies[F] } }[Fonte];

/** The fields normalization adds to a body (libs/contracts `validate-request`): derived again when decoding. */
const DERIVED_FIELDS = ['cpfCnpjKind', 'matricula', 'finalidadeExplicit', 'finalidade'] as const;

/**
 * The body a client would have sent for a stored request: without the derived fields, and with `finalidade` only when
 * the client gave it (the record view's normalized `finalidade` is its `imovel_finalidade`). A raw body (stored as
 * received) is already one and passes unchanged.
 */
function sentBody(fonte: Fonte, stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return stored;
  const fields = new Map<string, unknown>(Object.entries(stored));
  const finalidade = fields.get('finalidade');
  const explicit = fields.get('finalidadeExplicit');
  for (const name of DERIVED_FIELDS) fields.delete(name);
  if (finalidade !== undefined && explicit !== false) {
    fields.set(fonte === 'visualizacao-matricula' ? 'imovel_finalidade' : 'finalidade', finalidade);
  }
  return Object.fromEntries(fields);
}

function decodeBody<F extends Fonte>(fonte: F, stored: unknown): RequestBodies[F] | undefined {
  const decoded = validateRequest(fonte, sentBody(fonte, stored));
  return decoded.ok ? decoded.value : undefined;
}

/**
 * Decodes `orders.request` of an order of `fonte`; undefined when it is not a request of that product (a row written
 * outside the gateway: the order then ends 601, refunded).
 */
export function decodeOrderRequest(fonte: string, stored: unknown): OrderRequest | undefined {
  if (!isFonte(fonte)) return undefined;
  switch (fonte) {
    case 'pesquisa-previa-bens': {
      const body = decodeBody(fonte, stored);
      return body === undefined ? undefined : { fonte, body };
    }
    case 'visualizacao-matricula': {
      const body = decodeBody(fonte, stored);
      return body === undefined ? undefined : { fonte, body };
    }
    case 'certidao-inteiro-teor': {
      const body = decodeBody(fonte, stored);
      return body === undefined ? undefined : { fonte, body };
    }
  }
}

/** `orders.request` as written: the normalized body (decoded again by `decodeOrderRequest`). */
export function encodeOrderRequest(body: OrderRequestBody): string {
  return JSON.stringify(body);
}

/**
 * Decodes `order_batch.request` of a many-targets search (decision 0088): its items, each a one-UF search as stored
 * on its own order; undefined when it is not one.
 */
export function decodeTargetsBatchRequest(stored: unknown): PesquisaLoteRequest | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const itens = new Map<string, unknown>(Object.entries(stored)).get('itens');
  const sent = Array.isArray(itens) ? itens.map((item) => sentBody('pesquisa-previa-bens', item)) : itens;
  const decoded = validatePesquisaLoteBody({ itens: sent });
  return decoded.ok ? decoded.value : undefined;
}
