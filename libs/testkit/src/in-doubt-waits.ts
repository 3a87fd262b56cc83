import type { Database } from '@regapi/db';
import { getOrder, type Order } from '@regapi/orders';
import type { Kysely } from 'kysely';
import { waitFor } from './wait-for';

export interface InDoubtClock {
  now(): Date;
  /** Moves the business clock of every service under test forward. */
  advance(ms: number): void;
}

export interface ThroughDoubtOptions {
  readonly timeoutMs?: number;
  /** The order's end. Default: `finished`. */
  readonly ended?: (order: Order) => boolean;
  /** Whether the clock may jump now (e.g. only while the origin works on nothing). Default: always. */
  readonly mayJump?: () => Promise<boolean>;
}

/**
 * Waits for an order to end, moving the business clock past each in-doubt wait origin-session schedules for it
 * (an answer that proved nothing waits out the origin's maximum time before its silence counts: docs/decisions/0110),
 * and only while such a wait is pending: nothing else is hurried.
 */
export function finishThroughDoubt(
  db: Kysely<Database>,
  clock: InDoubtClock,
  orderId: string,
  options: ThroughDoubtOptions = {},
): Promise<Order> {
  const ended = options.ended ?? ((order: Order) => order.state === 'finished');
  return waitFor(
    async () => {
      const current = await getOrder(db, orderId);
      if (current !== undefined && ended(current)) return current;
      const waiting = await db
        .selectFrom('scheduled_message')
        .select('due_at')
        .where('dedupe_key', '=', `run-order:${orderId}`)
        .executeTakeFirst();
      const now = clock.now().getTime();
      if (waiting !== undefined && waiting.due_at.getTime() > now && (await (options.mayJump?.() ?? true))) {
        clock.advance(waiting.due_at.getTime() - now + 1_000);
      }
      return undefined;
    },
    {
      timeoutMs: options.timeoutMs ?? 30_000,
      intervalMs: 200,
      what: `order ${orderId} ended through its in-doubt waits`,
    },
  );
}
