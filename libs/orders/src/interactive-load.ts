import { FONTES, PRODUCTS } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { FORECAST_WEEKS, HOUR_MS, HOURS_OF_WEEK, type LoadHistory, type LoadSample } from './idle-capacity';
import { SEARCH } from './queue-facts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Which orders' origin calls count as interactive load: every order that is not a watch run. Watch runs are idle
 * work; the forecast is of the load they must never delay (docs/decisions/0152, 0163).
 */
export const INTERACTIVE_ORDERS = sql<boolean>`o.watch_id IS NULL`;

/**
 * The interactive origin load of the whole hours of the last FORECAST_WEEKS weeks before `now`, from the origin
 * attempts (written before each call, by every replica; decision 0098's measured runs): per UTC hour with any, the
 * session time the calls took within it — an attempt never answered counts up to its product's maximum time
 * (contract 8), the session was held that long — and the searches started in it. The history begins at the first
 * attempt on record (earlier hours are unobserved, not idle). One statement: the attempts by their `started_at`,
 * each split over the hours it spans. `interactive` is the condition on the order (`o`) that makes its calls count:
 * INTERACTIVE_ORDERS unless a caller says otherwise.
 */
export async function readInteractiveLoad(
  db: Db,
  now: Date,
  options: { readonly interactive?: RawBuilder<boolean> } = {},
): Promise<LoadHistory> {
  const interactive = options.interactive ?? INTERACTIVE_ORDERS;
  const to = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const windowStart = to - FORECAST_WEEKS * HOURS_OF_WEEK * HOUR_MS;
  const maxSeconds = FONTES.map((fonte) => PRODUCTS[fonte].maxTimeoutSeconds);
  // A call that began before the window still held the session in it: read back by the longest call.
  const readFrom = windowStart - Math.max(...maxSeconds) * 1000;
  const { rows } = await sql<{ first: Date | null; hours: number[]; busy: number[]; searches: number[] }>`
    WITH calls AS (
      SELECT a.fonte, a.started_at AS s,
        least(coalesce(a.answered_at, a.started_at + make_interval(secs => m.max_s)), ${new Date(to)}::timestamptz) AS e
      FROM origin_order_attempt a
      JOIN unnest(${[...FONTES]}::text[], ${maxSeconds}::int[]) AS m (fonte, max_s) ON m.fonte = a.fonte
      JOIN orders o ON o.id = a.order_id
      WHERE a.started_at >= ${new Date(readFrom)}::timestamptz AND a.started_at < ${new Date(to)}::timestamptz
        AND ${interactive}
    ),
    spans AS (
      SELECT h.start AS hour, c.fonte, c.s,
        extract(epoch FROM least(c.e, h.start + interval '1 hour') - greatest(c.s, h.start)) * 1000 AS ms
      FROM calls c
      CROSS JOIN LATERAL generate_series(date_trunc('hour', c.s, 'UTC'), c.e, interval '1 hour') AS h (start)
      WHERE h.start < c.e AND h.start >= ${new Date(windowStart)}::timestamptz
    ),
    per_hour AS (
      SELECT hour, sum(ms) AS busy_ms, count(*) FILTER (WHERE fonte = ${SEARCH} AND s >= hour) AS searches
      FROM spans GROUP BY hour
    )
    SELECT
      (SELECT min(f.first) FROM unnest(${[...FONTES]}::text[]) AS k (fonte)
       CROSS JOIN LATERAL (SELECT x.started_at AS first FROM origin_order_attempt x WHERE x.fonte = k.fonte
                           ORDER BY x.started_at LIMIT 1) AS f) AS first,
      coalesce((SELECT array_agg((extract(epoch FROM hour) * 1000)::float8 ORDER BY hour) FROM per_hour), '{}') AS hours,
      coalesce((SELECT array_agg(busy_ms::float8 ORDER BY hour) FROM per_hour), '{}') AS busy,
      coalesce((SELECT array_agg(searches::int ORDER BY hour) FROM per_hour), '{}') AS searches
  `.execute(db);
  const row = rows[0];
  const first = row?.first ?? null;
  // The first hour observed whole: the one after the first attempt on record began, or the window's start.
  const from =
    first === null ? to : Math.min(to, Math.max(windowStart, Math.ceil(first.getTime() / HOUR_MS) * HOUR_MS));
  const samples: LoadSample[] = [];
  (row?.hours ?? []).forEach((hour, i) => {
    const hourStart = Number(hour);
    if (hourStart < from) return;
    samples.push({ hourStart, busyMs: Number(row?.busy[i]), searches: Number(row?.searches[i]) });
  });
  return { from, to, samples };
}
