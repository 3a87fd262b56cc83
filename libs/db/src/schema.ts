import type { ColumnType, Generated } from 'kysely';

/** Messages written in the same transaction as the state change that causes them (ARCHITECTURE decision 6). */
export interface OutboxTable {
  id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, never>;
  /** Message headers, W3C trace context included, so the consumer joins the producer's trace. */
  headers: ColumnType<Record<string, string>, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Relay attempts; a row that keeps failing stays visible to operators. */
  attempts: Generated<number>;
  last_error: string | null;
  /** When a relay may (re)try the row: leased into the future while publishing, backed off after a failure. */
  available_at: ColumnType<Date, Date | undefined, Date>;
  /** Insertion order; breaks `created_at` ties between rows of one transaction. */
  seq: ColumnType<number, never, never>;
}

/** Message ids a consumer already handled: redelivery is at-least-once, handling is once. */
export interface ProcessedMessageTable {
  consumer: string;
  message_id: string;
  processed_at: ColumnType<Date, Date | undefined, never>;
}

/** Messages the in-process bus (standalone mode) gave up on after their queue's delivery limit. */
export interface DeadLetterTable {
  queue: string;
  message_id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, string>;
  headers: ColumnType<Record<string, string>, string, string>;
  /** Failed deliveries (the delivery limit + 1). */
  deliveries: number;
  /** The last handler error. */
  reason: string;
  dead_at: ColumnType<Date, Date | undefined, Date>;
}

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
}

export type OrderStateColumn = 'queued' | 'running' | 'awaiting_issue' | 'archiving' | 'finished';

/** A message due at a time (ARCHITECTURE decision 7): moved to the outbox when due. */
export interface ScheduledMessageTable {
  id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, string>;
  headers: ColumnType<Record<string, string>, string, never>;
  due_at: Date;
  dedupe_key: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  outbox: OutboxTable;
  processed_message: ProcessedMessageTable;
  dead_letter: DeadLetterTable;
  orders: OrdersTable;
  scheduled_message: ScheduledMessageTable;
}
