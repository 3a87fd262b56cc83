import type { ColumnType, Generated } from 'kysely';

/** A URL an account registered for webhooks (migration 0030). */
export interface WebhookEndpointTable {
  id: Generated<string>;
  account_id: ColumnType<string, string, never>;
  url: string;
  events: string[];
  secret: ColumnType<string, string, never>;
  description: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint (migration 0030). */
export interface WebhookDeliveryTable {
  id: Generated<string>;
  endpoint_id: ColumnType<string, string, never>;
  account_id: ColumnType<string, string, never>;
  event_id: ColumnType<string, string, never>;
  event_type: ColumnType<string, string, never>;
  payload: ColumnType<unknown, string, never>;
  state: WebhookDeliveryState;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
  delivered_at: Date | null;
}

/** One try of a delivery (migration 0030). */
export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: ColumnType<string, string, never>;
  attempted_at: ColumnType<Date, Date, never>;
  status_code: ColumnType<number | null, number | null, never>;
  latency_ms: ColumnType<number, number, never>;
  error: ColumnType<string | null, string | null, never>;
  response_excerpt: ColumnType<string | null, string | null, never>;
}

/** Webhook endpoints, deliveries and their attempts (libs/webhook-endpoints, services/webhooks). */
export interface WebhookTables {
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
}
