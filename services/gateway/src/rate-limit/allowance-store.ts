import { compiledStatement, type Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';

/**
 * The shared buckets (migration 0016, docs/decisions/0055): one row per key in PostgreSQL, so every gateway replica
 * takes from the same allowance. Each take is ONE statement: an upsert that refills the bucket up to now, adds back
 * what the caller returns unused, grants up to `want` whole requests and reads the result back.
 */

/** Thousandths of a request: integer rates then refill by whole numbers per millisecond. */
export const MILLI = 1000;

export interface AllowanceTake {
  readonly key: string;
  /** Whole requests wanted; the grant is fewer when the bucket holds fewer (0 when it holds none). */
  readonly want: number;
  /** Whole requests granted earlier and not used: added back before granting (never above the capacity). */
  readonly refund: number;
  readonly nowMs: number;
  /** The bucket's size, in thousandths (burst × 1000). */
  readonly capacityMilli: number;
  /** Refill, in thousandths per millisecond (= requests per second). */
  readonly perMs: number;
}

export interface AllowanceGrant {
  readonly granted: number;
  /** What the bucket holds after the grant, in thousandths. */
  readonly milliLeft: number;
  /**
   * How far the bucket's time is ahead of `nowMs` (≥ 0): another replica with a clock a little ahead stamped it. It
   * refills only from its own time on: a clock behind never refills what a clock ahead already counted.
   */
  readonly aheadMs: number;
}

interface GrantRow {
  granted: number;
  milli_tokens: number;
  ahead_ms: number;
}

// Compiled once: it runs on the request path whenever a replica's lease of a key runs out (docs/decisions/0045).
const takeStatement = compiledStatement(
  6,
  (key: string, want: number, refund: number, nowMs: number, capacity: number, perMs: number) => {
    const now = sql`${nowMs}::bigint`;
    const cap = sql`${capacity}::float8`;
    const per = sql`${perMs}::float8`;
    const wanted = sql`${want}::int`;
    // A new key starts full; an existing one refills for the time since its stamp (none if the stamp is ahead).
    const fresh = sql`LEAST(${wanted}, floor(${cap} / ${MILLI}))::int`;
    return sql<GrantRow>`
      INSERT INTO rate_limit_allowance AS a (key, milli_tokens, at_ms, granted, full_at_ms)
      VALUES (
        ${key}::text,
        ${cap} - ${fresh} * ${MILLI},
        ${now},
        ${fresh},
        ${now} + ceil(${fresh} * ${MILLI} / ${per})::bigint
      )
      ON CONFLICT (key) DO UPDATE SET (milli_tokens, at_ms, granted, full_at_ms) = (
        SELECT l.level - g.n * ${MILLI}, l.at, g.n, l.at + ceil((${cap} - (l.level - g.n * ${MILLI})) / ${per})::bigint
        FROM (
          SELECT
            LEAST(
              ${cap},
              a.milli_tokens + ${refund}::int * ${MILLI} + GREATEST(0, ${now} - a.at_ms) * ${per}
            ) AS level,
            GREATEST(a.at_ms, ${now}) AS at
        ) l
        CROSS JOIN LATERAL (SELECT LEAST(${wanted}, floor(l.level / ${MILLI}))::int AS n) g
      )
      RETURNING a.granted, a.milli_tokens, (a.at_ms - ${now})::float8 AS ahead_ms
    `;
  },
);

export async function takeAllowance(db: Kysely<Database>, take: AllowanceTake): Promise<AllowanceGrant> {
  const rows = await takeStatement.execute(
    db,
    take.key,
    take.want,
    take.refund,
    take.nowMs,
    take.capacityMilli,
    take.perMs,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('rate limit: the allowance upsert returned no row');
  return { granted: row.granted, milliLeft: row.milli_tokens, aheadMs: Math.max(0, row.ahead_ms) };
}

/** Drops the buckets that are full again by `nowMs`: a full bucket is the same as no row. Returns how many. */
export async function dropFullAllowances(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await sql`DELETE FROM rate_limit_allowance WHERE full_at_ms <= ${nowMs}::bigint`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
