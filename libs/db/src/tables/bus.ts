import type { ColumnType, Generated } from 'kysely';

/** Messages written in the same transaction as the state change that causes them (architecture rule 6). */
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

/** A message due at a time (architecture rule 7): moved to the outbox when due. */
export interface ScheduledMessageTable {
  id: string;
  routing_key: string;
  payload: ColumnType<unknown, string, string>;
  headers: ColumnType<Record<string, string>, string, never>;
  due_at: Date;
  dedupe_key: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The message bus: the outbox, consumers' dedupe, dead letters and delayed messages (libs/bus). */
export interface BusTables {
  outbox: OutboxTable;
  processed_message: ProcessedMessageTable;
  dead_letter: DeadLetterTable;
  scheduled_message: ScheduledMessageTable;
}
