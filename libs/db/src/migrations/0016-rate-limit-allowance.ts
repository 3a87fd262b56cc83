import { type Kysely, sql } from 'kysely';

/**
 * The rate limit's shared state (services/gateway/src/rate-limit, docs/decisions/0055): one token bucket per key (an
 * account, or a client address that sent invalid tokens), shared by every gateway replica.
 * - UNLOGGED: a bucket is worth nothing after a crash (everyone starts full again, as after a restart), and the table
 *   is written on the request path: no WAL, no flush per write.
 * - `milli_tokens` in thousandths of a request, a double so a fractional rate refills exactly (integer × dyadic
 *   values); `at_ms` the instant it was last brought up to date; `granted` what the last take handed out (read back by
 *   the take's `RETURNING`); `full_at_ms` when the bucket is full again, so a sweep drops rows that are the same as
 *   no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
      CREATE UNLOGGED TABLE rate_limit_allowance (
        key text PRIMARY KEY,
        milli_tokens double precision NOT NULL CHECK (milli_tokens >= 0),
        at_ms bigint NOT NULL,
        granted integer NOT NULL CHECK (granted >= 0),
        full_at_ms bigint NOT NULL
      )`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE rate_limit_allowance').execute(db);
}
