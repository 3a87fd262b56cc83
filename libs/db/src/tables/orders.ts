import type { ColumnType } from 'kysely';

export type OrderStateColumn = 'queued' | 'running' | 'awaiting_issue' | 'archiving' | 'finished';

/** One accepted execution (libs/orders is the only writer of `state`). Money in integer centavos. */
export interface OrdersTable {
  id: string;
  protocolo: string;
  account_id: string;
  token_id: string | null;
  fonte: string;
  /** The validated, normalized request body. */
  request: ColumnType<unknown, string, never>;
  /** Record + office, for the 7-day order block (property products only). */
  imovel_chave: string | null;
  uf: string;
  price_centavos: number;
  /** The quote the price came from (office fee, margin). */
  quote: ColumnType<unknown, string, never>;
  state: ColumnType<OrderStateColumn, OrderStateColumn, OrderStateColumn>;
  code: number | null;
  status_consulta: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  site_receipts: ColumnType<string[], string | undefined, string>;
  numero_pedido: string | null;
  /** The 202 body answered at acceptance. */
  aceite: ColumnType<unknown, string, never>;
  request_id: string;
  attempts: ColumnType<number, number | undefined, number>;
  attempt_started_at: Date | null;
  run_after: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  finished_at: Date | null;
  /** Identity, in the order rows are written: the queue's tie-break (migration 0014; protocolos carry no order). */
  acceptance_seq: ColumnType<number, never, never>;
  /** Times the FINISHED result changed (migration 0014, docs/decisions/0051); 0 for the first result. */
  revisao: ColumnType<number, number | undefined, number>;
  /** When the finished result last changed; null if it never did. */
  revisado_em: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A provisional search: when its next revision (origin check) is due; null when none is scheduled. */
  proxima_revisao_em: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The batch the order was accepted in (migration 0025); null for an order of its own. */
  batch_id: ColumnType<string | null, string | null | undefined, never>;
  /** The client's own reference from the body (migration 0029, issue 17); null when none. */
  referencia: ColumnType<string | null, string | null | undefined, never>;
  /** The watch this order is a run of (migration 0048, docs/decisions/0152); null for any other order. */
  watch_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A batch of orders accepted in one request (migration 0025, docs/decisions/0087). */
export interface OrderBatchTable {
  id: string;
  /** Digits only, from the protocolo sequence. */
  lote: string;
  account_id: string;
  token_id: string | null;
  /**
   * `pesquisa-nacional` (0087, one order per UF), `pesquisa-alvos` (0088, one order per item; migration 0026) or
   * `imoveis` (0090, one record view or certificate per item, `fonte` says which; migration 0028).
   */
  kind: 'pesquisa-nacional' | 'pesquisa-alvos' | 'imoveis';
  fonte: string;
  request: ColumnType<unknown, string, never>;
  idempotency_key: string;
  /** The sum charged: one debit per order, all in the acceptance transaction. */
  price_centavos: ColumnType<number, number, never>;
  /** The 202 body answered at acceptance. */
  aceite: ColumnType<unknown, string, never>;
  request_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type DocumentKindColumn = 'comprovante' | 'visualizacao' | 'certidao';

/** A document the archive keeps (migration 0010; libs/documents): the object is in S3 under `storage_key`. */
export interface OrderDocumentTable {
  order_id: string;
  kind: DocumentKindColumn;
  storage_key: string;
  /** Lowercase hex SHA-256 of the bytes stored. */
  sha256: string;
  size_bytes: number;
  content_type: string;
  /** The origin's link it was downloaded from (expires in 7 days; kept for audit). */
  origin_url: string;
  stored_at: Date;
  /** When the archive had the bytes (download ended; migration 0032); null for documents archived before it. */
  received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/**
 * The archive's integrity scrub, one row (migration 0040, docs/decisions/0128): who scrubs now (a lease), where the
 * run in progress is (a cursor after `(after_order_id, after_kind)`), and what the last completed run found.
 */
export interface DocumentScrubTable {
  singleton: ColumnType<boolean, never, never>;
  holder: string | null;
  lease_until: Date | null;
  run_started_at: Date | null;
  after_order_id: string | null;
  after_kind: DocumentKindColumn | null;
  run_ok: number;
  run_mismatch: number;
  run_missing: number;
  last_started_at: Date | null;
  last_completed_at: Date | null;
  last_ok: number;
  last_mismatch: number;
  last_missing: number;
}

/** The key of the protocolo permutation, one row (migration 0014, docs/decisions/0050). */
export interface ProtocoloSecretTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  secret: ColumnType<Buffer, Buffer, never>;
}

/** Orders, their batches, documents and the secret protocolos derive from (libs/orders). */
export interface OrderTables {
  orders: OrdersTable;
  order_batch: OrderBatchTable;
  order_document: OrderDocumentTable;
  document_scrub: DocumentScrubTable;
  protocolo_secret: ProtocoloSecretTable;
}
