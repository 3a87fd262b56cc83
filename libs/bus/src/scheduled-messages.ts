import type { Database, DbHandle } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';
import { type Kysely, sql, type Transaction } from 'kysely';
import { coerceError } from './coerce-error';
import { encodePayload } from './message-codec';
import { enqueueMessage } from './outbox';
import { traceHeaders } from './tracing';

export interface ScheduleMessageInput {
  readonly routingKey: string;
  readonly payload: unknown;
  readonly dueAt: Date;
  /**
   * At most one pending row per key: scheduling the same key again moves its due time instead of adding a second
   * message (e.g. `certificate-check:<order id>`).
   */
  readonly dedupeKey?: string;
  /**
   * With `dedupeKey`: a pending row is moved only EARLIER, never later ("no later than `dueAt`"). Default false
   * (the new due time wins either way).
   */
  readonly onlyEarlier?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Publishes a message at `dueAt`, not before (architecture rule 7: delays live in PostgreSQL, so they survive
 * restarts and need no broker plugin). Written in the caller's transaction, like the outbox.
 */
export async function scheduleMessage(
  db: Kysely<Database> | Transaction<Database>,
  input: ScheduleMessageInput,
): Promise<void> {
  const headers = JSON.stringify({ ...input.headers, ...traceHeaders() });
  const payload = encodePayload({ id: '', routingKey: input.routingKey, payload: input.payload, headers: {} });
  const insert = db.insertInto('scheduled_message').values({
    id: crypto.randomUUID(),
    routing_key: input.routingKey,
    payload,
    headers,
    due_at: input.dueAt,
    dedupe_key: input.dedupeKey ?? null,
  });
  if (input.dedupeKey === undefined) {
    await insert.execute();
    return;
  }
  await insert
    .onConflict((oc) => {
      const update = oc.column('dedupe_key').doUpdateSet({
        due_at: input.dueAt,
        payload: sql`excluded.payload`,
        routing_key: input.routingKey,
      });
      return input.onlyEarlier === true ? update.where('scheduled_message.due_at', '>', input.dueAt) : update;
    })
    .execute();
}

export interface SchedulerOptions {
  readonly db: DbHandle;
  readonly logger: Logger;
  /** What "now" is; tests drive it (architecture rule 8). Default: the system clock. */
  readonly clock?: { now(): Date };
  /** How often due rows are looked for. Default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** Rows moved per transaction. Default 100. */
  readonly batchSize?: number;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Moves every row due now to the outbox; returns how many. The timer calls it; tests may too. */
  releaseDue(): Promise<number>;
}

/**
 * Moves due scheduled messages into the outbox, in one transaction per batch (`FOR UPDATE SKIP LOCKED`: several
 * schedulers may run, one per process, like relays). From there the outbox relay publishes them.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db } = options;
  const clock = options.clock ?? { now: () => new Date() };
  const logger = options.logger.child({ component: 'scheduler' });
  const batchSize = options.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const releaseBatch = (): Promise<number> =>
    db.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('scheduled_message')
        .selectAll()
        .where('due_at', '<=', clock.now())
        .orderBy('due_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of due) {
        await enqueueMessage(trx, { routingKey: row.routing_key, payload: row.payload, headers: row.headers });
      }
      if (due.length > 0) {
        await trx
          .deleteFrom('scheduled_message')
          .where(
            'id',
            'in',
            due.map((row) => row.id),
          )
          .execute();
      }
      return due.length;
    });

  const releaseDue = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const moved = await releaseBatch();
      total += moved;
      if (moved < batchSize) return total;
    }
  };

  const tick = (): void => {
    if (running !== undefined) return;
    running = releaseDue()
      .catch((thrown: unknown) => {
        logger.warn({ err: coerceError(thrown) }, 'cannot release scheduled messages; retrying at the next poll');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start: () => {
      timer ??= setInterval(tick, options.pollIntervalMs ?? 1000);
      tick();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    releaseDue,
  };
}
