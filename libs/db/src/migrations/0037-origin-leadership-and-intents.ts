import { type Kysely, sql } from 'kysely';

/**
 * Exactly once at the origin through crashes, pauses and partitions (issue 26; docs/decisions/0110).
 * - `origin_leadership`: one row per origin account. `epoch` is the fencing number, bumped by every new leader while it
 *   holds the account's advisory lock; `holder_pid`/`holder_backend_start` name the leader's lock connection, and
 *   `renewed_at` is its lease (PostgreSQL's clock, so no two machines' clocks are compared). A standby that finds the
 *   lease expired ends that backend (a paused leader keeps TCP alive, so no keepalive would). `holder_server_start`
 *   (`pg_postmaster_start_time()`) tells a row written on this server from one written before a failover or restart,
 *   where a gone backend proves nothing and the lease must run out first.
 * - `origin_order_attempt` becomes the durable intent: `epoch` of the leader that committed it (checked in the same
 *   transaction), and `resolved_at`/`resolution` once it is known whether the origin created an order for it. An open
 *   intent is one whose outcome at the origin is unknown; at most one per order (the partial unique index), so a second
 *   placement needs the first resolved, by compare-and-set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (...statements: string[]): Promise<void> => {
    for (const statement of statements) await sql.raw(statement).execute(db);
  };
  await run(
    `CREATE TABLE origin_leadership (
       account text PRIMARY KEY,
       epoch bigint NOT NULL CHECK (epoch > 0),
       holder text NOT NULL,
       holder_pid integer NOT NULL,
       holder_backend_start timestamptz NOT NULL,
       holder_server_start timestamptz NOT NULL,
       acquired_at timestamptz NOT NULL,
       renewed_at timestamptz NOT NULL
     )`,
    `ALTER TABLE origin_order_attempt
       ADD COLUMN epoch bigint,
       ADD COLUMN resolved_at timestamptz,
       ADD COLUMN resolution text
         CONSTRAINT origin_order_attempt_resolution CHECK (
           resolution IN ('placed', 'not-placed', 'found', 'absent', 'unlisted')),
       ADD CONSTRAINT origin_order_attempt_resolved CHECK ((resolved_at IS NULL) = (resolution IS NULL))`,
    // Attempts written before intents existed: an answered one, or one of an order no longer running, is settled; of a
    // running order only the newest unanswered one stays open (the successor resolves it).
    `UPDATE origin_order_attempt a SET resolved_at = coalesce(a.answered_at, a.started_at),
       resolution = CASE WHEN a.numero_pedido IS NOT NULL THEN 'placed' ELSE 'absent' END
     WHERE a.answered_at IS NOT NULL
        OR EXISTS (SELECT 1 FROM orders o WHERE o.id = a.order_id AND o.state <> 'running')
        OR EXISTS (SELECT 1 FROM origin_order_attempt b
                   WHERE b.order_id = a.order_id AND (b.started_at, b.id) > (a.started_at, a.id))`,
    `CREATE UNIQUE INDEX origin_order_attempt_one_open ON origin_order_attempt (order_id) WHERE resolved_at IS NULL`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX origin_order_attempt_one_open').execute(db);
  await sql
    .raw(
      `ALTER TABLE origin_order_attempt DROP CONSTRAINT origin_order_attempt_resolved,
         DROP COLUMN resolution, DROP COLUMN resolved_at, DROP COLUMN epoch`,
    )
    .execute(db);
  await sql.raw('DROP TABLE origin_leadership').execute(db);
}
