import { type Kysely, sql } from 'kysely';

/**
 * Webhooks (issue 17; docs/decisions/0093-0095):
 * - `webhook_endpoint`: a URL an account registered, the events it wants and its signing secret (`whsec_...`).
 *   `failing_since` is the first failed attempt since the last success; a day of failures disables it.
 * - `webhook_delivery`: one event for one endpoint. Unique per (event, endpoint): a redelivered bus message adds no
 *   row. `next_attempt_at` is the retry schedule; the poller claims due rows with FOR UPDATE SKIP LOCKED.
 * - `webhook_attempt`: every try of a delivery, with its answer (status, latency, a bounded excerpt of the body).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoint (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES account (id),
      url text NOT NULL CONSTRAINT webhook_endpoint_url_form CHECK (url ~ '^https?://'),
      events text[] NOT NULL CONSTRAINT webhook_endpoint_events_nonempty CHECK (cardinality(events) > 0),
      secret text NOT NULL CONSTRAINT webhook_endpoint_secret_form CHECK (secret LIKE 'whsec\\_%'),
      description text,
      enabled boolean NOT NULL DEFAULT true,
      disabled_at timestamptz,
      disabled_reason text,
      failing_since timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoint_account ON webhook_endpoint (account_id)`.execute(db);
  await sql`
    CREATE TABLE webhook_delivery (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES account (id),
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz,
      created_at timestamptz NOT NULL,
      delivered_at timestamptz,
      CONSTRAINT webhook_delivery_once UNIQUE (event_id, event_type, endpoint_id),
      CONSTRAINT webhook_delivery_due_when_pending CHECK ((state = 'pending') = (next_attempt_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE state = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_delivery_endpoint ON webhook_delivery (endpoint_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE webhook_attempt (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES webhook_delivery (id) ON DELETE CASCADE,
      attempted_at timestamptz NOT NULL,
      status_code integer,
      latency_ms integer NOT NULL CHECK (latency_ms >= 0),
      error text,
      response_excerpt text
    )`.execute(db);
  await sql`CREATE INDEX webhook_attempt_delivery ON webhook_attempt (delivery_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webhook_attempt`.execute(db);
  await sql`DROP TABLE webhook_delivery`.execute(db);
  await sql`DROP TABLE webhook_endpoint`.execute(db);
}
