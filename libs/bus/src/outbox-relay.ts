import type { DbHandle } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';
import { type BackoffOptions, backoffDelay, backoffOptions, sleep } from './backoff';
import type { Bus, OutgoingMessage } from './bus';
import { coerceError } from './coerce-error';
import {
  claimOutboxRows,
  deleteOutboxRow,
  type OutboxRow,
  recordPublishFailure,
  releaseOutboxLeases,
  renewOutboxLeases,
} from './outbox-store';
import { createPgListener } from './pg-listener';
import { inProducerSpan } from './tracing';

export interface OutboxRelayOptions {
  readonly db: DbHandle;
  readonly bus: Bus;
  readonly logger: Logger;
  /** Poll when no NOTIFY came (missed while reconnecting; retries coming due). Default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** Rows claimed per query. Default 100. */
  readonly batchSize?: number;
  /**
   * Rows being published at once at most. In-process a publish lasts until the consumer acks, so this is also how
   * many messages standalone mode holds in memory; at the limit the relay claims nothing until some finish.
   * Default 1000.
   */
  readonly maxInFlight?: number;
  /** A claimed row stays invisible to other relays this long, renewed while its publish runs. Default 30 s. */
  readonly leaseMs?: number;
  /** Backoff of a row whose publish failed, by its attempts. Default 1 s doubling up to 60 s, 20 % jitter. */
  readonly retry?: Partial<BackoffOptions>;
  /** `stop()` waits this long for publishes in flight, then hands their rows back. Default 2 s. */
  readonly drainTimeoutMs?: number;
}

export interface OutboxRelay {
  /** Starts listening and publishing; resolves once LISTEN is set up (or its first attempt failed). */
  start(): Promise<void>;
  /** Stops claiming, waits for the publishes in flight (up to `drainTimeoutMs`), stops listening. */
  stop(): Promise<void>;
}

/** The pg_notify channel of migration 0001's trigger. */
export const OUTBOX_CHANNEL = 'outbox';

const DEFAULT_RETRY: BackoffOptions = { initialDelayMs: 1_000, maxDelayMs: 60_000, factor: 2, jitter: 0.2 };
const LISTEN_RECONNECT: BackoffOptions = { initialDelayMs: 100, maxDelayMs: 5_000, factor: 2, jitter: 0.2 };

/**
 * Moves outbox rows to the bus (architecture rule 6). Wakes on NOTIFY, polls as a fallback, claims due rows in
 * created_at order, publishes each and deletes it only once the bus confirmed it. A failed publish leaves the row
 * with attempts and last_error and backs it off. While the bus is not ready (broker down) nothing is claimed: the
 * rows simply wait. Several relays may run; each row goes out once in the happy path, at least once always.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus } = options;
  const logger = options.logger.child({ component: 'outbox-relay' });
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const maxInFlight = options.maxInFlight ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 2_000;
  const retry = backoffOptions(DEFAULT_RETRY, options.retry);

  const inflight = new Map<string, Promise<void>>();
  let running = false;
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  /** The last claim was cut short by its limit: more rows may be due as soon as there is room. */
  let moreDue = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;

  const kick = (): void => {
    if (!running) return;
    if (pumping !== undefined) {
      pumpAgain = true;
      return;
    }
    pumping = pump().finally(() => {
      pumping = undefined;
      if (pumpAgain) {
        pumpAgain = false;
        kick();
      }
    });
  };

  const listener = createPgListener({
    clientConfig: db.pool.options,
    channel: OUTBOX_CHANNEL,
    logger,
    onNotify: kick,
    onListening: kick,
    reconnect: LISTEN_RECONNECT,
  });

  const pump = async (): Promise<void> => {
    while (running && bus.isReady()) {
      const limit = Math.min(batchSize, maxInFlight - inflight.size);
      if (limit <= 0) {
        moreDue = true;
        return;
      }
      let rows: OutboxRow[];
      try {
        rows = await claimOutboxRows(db.db, limit, leaseMs);
      } catch (thrown) {
        logger.warn({ err: coerceError(thrown) }, 'cannot claim outbox rows; retrying at the next poll');
        return;
      }
      moreDue = rows.length === limit;
      // Started in order, one after the other: each adapter keeps the order of publish calls.
      for (const row of rows) start(row);
      if (!moreDue) return;
    }
  };

  const start = (row: OutboxRow): void => {
    const work = publishRow(row);
    inflight.set(row.id, work);
    void work.then(() => {
      inflight.delete(row.id);
      if (moreDue) kick();
    });
  };

  /** Never rejects. */
  const publishRow = async (row: OutboxRow): Promise<void> => {
    const message: OutgoingMessage = {
      id: row.id,
      routingKey: row.routing_key,
      payload: row.payload,
      headers: row.headers,
    };
    try {
      await inProducerSpan(message, (traced) => bus.publish(traced));
    } catch (thrown) {
      // After stop the row was handed back (or its lease runs out): a bus closing under it is no failure of the row.
      if (running) await recordFailure(row, coerceError(thrown));
      return;
    }
    try {
      await deleteOutboxRow(db.db, row.id);
    } catch (thrown) {
      // Published but still in the table: it goes out again when its lease ends (consumers dedupe).
      logger.warn({ err: coerceError(thrown), message_id: row.id }, 'published row not deleted');
    }
  };

  const recordFailure = async (row: OutboxRow, error: Error): Promise<void> => {
    const attempts = row.attempts + 1;
    const retryInMs = backoffDelay(attempts, retry);
    logger.warn(
      { err: error, message_id: row.id, routing_key: row.routing_key, attempts, retry_in_ms: retryInMs },
      'outbox publish failed; the row stays',
    );
    try {
      await recordPublishFailure(db.db, row.id, error.message, retryInMs);
    } catch (thrown) {
      logger.warn({ err: coerceError(thrown), message_id: row.id }, 'cannot record publish failure');
    }
  };

  const renewLeases = (): void => {
    const ids = [...inflight.keys()];
    renewOutboxLeases(db.db, ids, leaseMs).catch((thrown: unknown) =>
      logger.warn({ err: coerceError(thrown) }, 'cannot renew outbox leases'),
    );
  };

  return {
    start: async () => {
      if (running) return;
      running = true;
      pollTimer = setInterval(kick, pollIntervalMs);
      leaseTimer = setInterval(renewLeases, Math.max(1, Math.floor(leaseMs / 3)));
      kick();
      await listener.start();
    },
    stop: async () => {
      if (!running) return;
      running = false;
      clearInterval(pollTimer);
      clearInterval(leaseTimer);
      await listener.stop();
      await pumping;
      const waiting = new AbortController();
      const drained = await Promise.race([
        Promise.all(inflight.values()).then(() => true),
        sleep(drainTimeoutMs, waiting.signal).then(() => false),
      ]);
      waiting.abort();
      if (!drained) {
        const ids = [...inflight.keys()];
        logger.warn({ rows: ids.length }, 'publishes still in flight at stop; rows handed back');
        await releaseOutboxLeases(db.db, ids).catch((thrown: unknown) =>
          logger.warn({ err: coerceError(thrown) }, 'cannot hand rows back; they return when their lease ends'),
        );
      }
    },
  };
}
