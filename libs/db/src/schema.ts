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
}

/** Message ids a consumer already handled: redelivery is at-least-once, handling is once. */
export interface ProcessedMessageTable {
  consumer: string;
  message_id: string;
  processed_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  outbox: OutboxTable;
  processed_message: ProcessedMessageTable;
}
