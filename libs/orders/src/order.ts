import type { Database } from '@regapi/db';
import type { Selectable } from 'kysely';
import { decodeOrderRequest, type OrderRequest } from './order-request';
import { decodeOrderResult, type OrderResult } from './order-result';
import type { OrderState } from './order-state';

type OrderRow = Selectable<Database['orders']>;

/**
 * An order as the rest of the system reads it. `request` and `result` are decoded here, once, by their codecs
 * (decision 0115); the quote and the 202 body stay as stored (only echoed).
 */
export interface Order {
  readonly id: string;
  readonly protocolo: string;
  readonly accountId: string;
  readonly tokenId: string | null;
  readonly fonte: string;
  /** The normalized request; undefined when the stored one is not a request of `fonte` (the order ends 601). */
  readonly request: OrderRequest | undefined;
  readonly imovelChave: string | null;
  readonly uf: string;
  readonly priceCentavos: number;
  readonly quote: unknown;
  readonly state: OrderState;
  readonly code: number | null;
  readonly statusConsulta: string | null;
  /** The product's result; null while there is none (or what is stored is not one). */
  readonly result: OrderResult | null;
  readonly siteReceipts: readonly string[];
  readonly numeroPedido: string | null;
  readonly aceite: unknown;
  readonly requestId: string;
  readonly attempts: number;
  readonly attemptStartedAt: Date | null;
  readonly runAfter: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
  /** Position in the order of acceptance (an identity): breaks a tie of `createdAt` in the queue. */
  readonly acceptanceSeq: number;
  /** Times the FINISHED result was replaced (`revise`, `reopen`): 0 for the first result (decision 0051). */
  readonly revisao: number;
  readonly revisadoEm: Date | null;
  /** A provisional search: when its next revision is due (origin-session's follow-up); null when none is scheduled. */
  readonly proximaRevisaoEm: Date | null;
  /** The client's own reference (issue 17); null when none. */
  readonly referencia: string | null;
}

/** The one place a row becomes an Order. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    protocolo: row.protocolo,
    accountId: row.account_id,
    tokenId: row.token_id,
    fonte: row.fonte,
    request: decodeOrderRequest(row.fonte, row.request),
    imovelChave: row.imovel_chave,
    uf: row.uf,
    priceCentavos: row.price_centavos,
    quote: row.quote,
    state: row.state,
    code: row.code,
    statusConsulta: row.status_consulta,
    result: decodeOrderResult(row.fonte, row.result),
    siteReceipts: row.site_receipts,
    numeroPedido: row.numero_pedido,
    aceite: row.aceite,
    requestId: row.request_id,
    attempts: row.attempts,
    attemptStartedAt: row.attempt_started_at,
    runAfter: row.run_after,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    acceptanceSeq: row.acceptance_seq,
    revisao: row.revisao,
    revisadoEm: row.revisado_em,
    proximaRevisaoEm: row.proxima_revisao_em,
    referencia: row.referencia,
  };
}

/**
 * What a poll answers with (`GET /v1/consultas/{protocolo}`): the columns its result or its wait are made of. A poll
 * reads only these (not the stored request, quote and bookkeeping), since every poll pays for each column it parses.
 */
export type PolledOrder = Pick<
  Order,
  | 'id'
  | 'protocolo'
  | 'fonte'
  | 'state'
  | 'code'
  | 'result'
  | 'siteReceipts'
  | 'aceite'
  | 'attemptStartedAt'
  | 'revisao'
  | 'revisadoEm'
  | 'proximaRevisaoEm'
  | 'referencia'
>;

/** The columns of a `PolledOrder`, as `toPolledOrder` reads them. */
export const POLLED_COLUMNS = [
  'id',
  'protocolo',
  'fonte',
  'state',
  'code',
  'result',
  'site_receipts',
  'aceite',
  'attempt_started_at',
  'revisao',
  'revisado_em',
  'proxima_revisao_em',
  'referencia',
] as const satisfies readonly (keyof OrderRow)[];

export function toPolledOrder(row: Pick<OrderRow, (typeof POLLED_COLUMNS)[number]>): PolledOrder {
  return {
    id: row.id,
    protocolo: row.protocolo,
    fonte: row.fonte,
    state: row.state,
    code: row.code,
    result: decodeOrderResult(row.fonte, row.result),
    siteReceipts: row.site_receipts,
    aceite: row.aceite,
    attemptStartedAt: row.attempt_started_at,
    revisao: row.revisao,
    revisadoEm: row.revisado_em,
    proximaRevisaoEm: row.proxima_revisao_em,
    referencia: row.referencia,
  };
}
