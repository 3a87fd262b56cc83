import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';

/** An outbox row as the relay publishes it. */
export interface OutboxRow {
  readonly id: string;
  readonly routing_key: string;
  readonly payload: unknown;
  readonly headers: Record<string, string>;
  readonly attempts: number;
  readonly created_at: Date;
  readonly seq: number;
}

/**
 * Claims up to `limit` due rows, oldest first, by leasing them `leaseMs` into the future. SKIP LOCKED lets several
 * relays claim side by side without waiting on or taking each other's rows; a relay that dies leaves rows that come
 * back when the lease ends. Short transactions: nothing is held open while the broker (or, in-process, a consumer)
 * takes its time.
 */
export async function claimOutboxRows(db: Kysely<Database>, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const result = await sql<OutboxRow>`
    UPDATE outbox SET available_at = now() + ${leaseMs}::double precision * interval '1 millisecond'
    WHERE id IN (
      SELECT id FROM outbox
      WHERE available_at <= now()
      ORDER BY created_at, seq
      LIMIT ${limit}::integer
      FOR UPDATE SKIP LOCKED)
    RETURNING id, routing_key, payload, headers, attempts, created_at, seq`.execute(db);
  // RETURNING has no order of its own.
  // Number(): seq is int8, a string unless the int8 parser of createDb is installed.
  return [...result.rows].sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime() || Number(a.seq) - Number(b.seq),
  );
}

/** Only after the broker confirmed (or, in-process, every consumer acknowledged). */
export async function deleteOutboxRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).execute();
}

/** The row stays, visible to operators (attempts, last_error), and is retried after `retryInMs`. */
export async function recordPublishFailure(
  db: Kysely<Database>,
  id: string,
  error: string,
  retryInMs: number,
): Promise<void> {
  await sql`
    UPDATE outbox
    SET attempts = attempts + 1,
        last_error = ${error},
        available_at = now() + ${retryInMs}::double precision * interval '1 millisecond'
    WHERE id = ${id}::uuid`.execute(db);
}

/** Keeps rows still being published invisible to other relays. */
export async function renewOutboxLeases(db: Kysely<Database>, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    UPDATE outbox SET available_at = now() + ${leaseMs}::double precision * interval '1 millisecond'
    WHERE id = ANY(${[...ids]}::uuid[])`.execute(db);
}

/** Hands rows back at once (a stopping relay's unfinished publishes), instead of after the lease. */
export async function releaseOutboxLeases(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE outbox SET available_at = now() WHERE id = ANY(${[...ids]}::uuid[])`.execute(db);
}
