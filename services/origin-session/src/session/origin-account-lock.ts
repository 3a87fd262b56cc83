import { coerceError, sleep } from '@regapi/bus';
import type { DbHandle } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';

/**
 * The fence around the origin account (ARCHITECTURE decision 1). RabbitMQ's single active consumer picks ONE
 * consumer, but it is not a mutex: a consumer the broker gave up on (a network partition, a long GC pause) may still
 * be alive and in the middle of an origin call. Every task therefore runs holding a PostgreSQL session-level advisory
 * lock keyed by the origin account, on a connection of its own: the new active consumer waits until the zombie's
 * task ends (or its process dies and PostgreSQL drops its session, which releases the lock at once).
 */
export interface OriginAccountLock {
  /** Waits for the lock; rejects with LockWaitAbortedError when `signal` aborts first (shutdown). */
  acquire(signal: AbortSignal): Promise<HeldLock>;
}

export interface HeldLock {
  /** False once the lock's connection failed: the lock may be someone else's now; stop calling the origin. */
  isHeld(): boolean;
  /** What the lock's connection failed with, once lost: a database outage, which the bus waits out (decision 0056). */
  lostTo(): Error | undefined;
  release(): Promise<void>;
}

export class LockWaitAbortedError extends Error {
  override readonly name = 'LockWaitAbortedError';
  readonly code = 'lock_wait_aborted';
  constructor() {
    super('stopped while waiting for the origin account lock');
  }
}

/**
 * The lock was lost while a task ran (its connection broke): the task stops before its next origin call. `cause` is
 * the connection's error, so the bus sees a database outage and holds the task instead of counting a delivery.
 */
export class LockLostError extends Error {
  override readonly name = 'LockLostError';
  readonly code = 'origin_lock_lost';
  constructor(cause?: Error) {
    super('the origin account lock was lost', cause === undefined ? undefined : { cause });
  }
}

/** First key of the two-int advisory lock: "origin account", whatever the account. */
const LOCK_NAMESPACE = 'regapi.origin-account';

export interface OriginAccountLockOptions {
  readonly pool: DbHandle['pool'];
  /** The origin account (its username): one lock per account. */
  readonly account: string;
  readonly logger: Logger;
  /** How often a waiting consumer tries again. Default 200 ms. */
  readonly retryMs?: number;
}

export function createOriginAccountLock(options: OriginAccountLockOptions): OriginAccountLock {
  const retryMs = options.retryMs ?? 200;
  const logger = options.logger.child({ component: 'origin-account-lock' });
  return {
    async acquire(signal) {
      let waitingSince: number | undefined;
      for (;;) {
        if (signal.aborted) throw new LockWaitAbortedError();
        const client = await options.pool.connect();
        let broken = false;
        let lostTo: Error | undefined;
        const onError = (error: Error): void => {
          broken = true;
          lostTo = error;
          logger.error({ err: error }, 'the origin account lock connection failed; the lock is lost');
        };
        client.on('error', onError);
        let acquired = false;
        try {
          const result = await client.query<{ ok: boolean }>(
            'SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS ok',
            [LOCK_NAMESPACE, options.account],
          );
          acquired = result.rows[0]?.ok === true;
        } catch (thrown) {
          client.off('error', onError);
          client.release(coerceError(thrown));
          throw thrown;
        }
        if (acquired) {
          if (waitingSince !== undefined) {
            logger.info({ waited_ms: Date.now() - waitingSince }, 'origin account lock acquired after waiting');
          }
          let released = false;
          return {
            isHeld: () => !broken && !released,
            lostTo: () => lostTo,
            async release() {
              if (released) return;
              released = true;
              try {
                if (!broken) {
                  await client.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', [
                    LOCK_NAMESPACE,
                    options.account,
                  ]);
                }
                client.off('error', onError);
                client.release();
              } catch (thrown) {
                // Destroying the connection ends its session, which releases the lock anyway.
                client.off('error', onError);
                client.release(coerceError(thrown));
              }
            },
          };
        }
        client.off('error', onError);
        client.release();
        if (waitingSince === undefined) {
          waitingSince = Date.now();
          logger.warn('another consumer holds the origin account lock (a zombie?); waiting for it');
        }
        await sleep(retryMs, signal);
      }
    },
  };
}
