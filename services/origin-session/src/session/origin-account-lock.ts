import { hostname } from 'node:os';
import { coerceError, sleep } from '@regapi/bus';
import { connectDedicated, type DbHandle, type DedicatedClient } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';

/**
 * Leadership of the origin account (architecture rule 1; docs/decisions/0110). RabbitMQ's single active consumer
 * is not a mutex, so the leader holds three things on a connection of its own:
 * - a session-level advisory lock keyed by the account: one holder at a time;
 * - a fencing `epoch` in `origin_leadership`, bumped by each new leader; every intent is committed under it
 *   (`checkEpoch`), so a replaced leader cannot commit one;
 * - a lease (`renewed_at`, PostgreSQL's clock) renewed every `renewMs` and confirmed by a round trip right before every
 *   origin call (`confirm`). A leader that cannot confirm within `confirmTimeoutMs` has lost the term: it calls nothing.
 *
 * How each failure ends a term, and in what bound:
 * - process death: the socket closes, PostgreSQL ends the backend, the lock is free at once;
 * - node loss or partition (no FIN): the server's own keepalives (set for this session: `SERVER_KEEPALIVE`) end the
 *   backend in about 11 s; the cut-off leader's renewal or confirmation times out first (`confirmTimeoutMs`), so it
 *   has stopped before anyone can take over;
 * - pause (SIGSTOP, a long GC): TCP stays alive, the lease does not: a standby that finds the lease older than
 *   `ttlMs` ends the holder's backend; the paused leader, once resumed, fails its next confirmation;
 * - PostgreSQL failover (advisory locks are not replicated): the row says which server instance the holder used; a
 *   new primary's standby waits for the lease to run out before taking over, and bumps the epoch.
 */
export interface OriginAccountLock {
  /** Waits for leadership; rejects with LockWaitAbortedError when `signal` aborts first (shutdown). */
  acquire(signal: AbortSignal): Promise<HeldLock>;
}

export interface HeldLock {
  /** The fencing number of this term. */
  readonly epoch: number;
  /** False once the term is known lost (the connection failed, a renewal or confirmation did not come back). */
  isHeld(): boolean;
  /** What the term was lost to: a database outage, which the bus waits out (decision 0056). */
  lostTo(): Error | undefined;
  /** A round trip that proves the term still holds, right before an origin call; throws LockLostError otherwise. */
  confirm(): Promise<void>;
  /** Resolves once the term is known lost (never when it is released). */
  whenLost(): Promise<void>;
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
 * The term was lost while a task ran: the task stops before its next origin call. `cause` is the connection's error,
 * so the bus sees a database outage and holds the task instead of counting a delivery.
 */
export class LockLostError extends Error {
  override readonly name = 'LockLostError';
  readonly code = 'origin_lock_lost';
  constructor(cause?: Error) {
    super('the origin account lock was lost', cause === undefined ? undefined : { cause });
  }
}

/** First key of the two-int advisory lock: "origin account", whatever the account. */
export const LOCK_NAMESPACE = 'regapi.origin-account';

export interface LeaseTimings {
  /** How often the leader renews its lease. Default 2 s. */
  readonly renewMs: number;
  /** A lease not renewed for this long is expired: a standby ends the holder's backend. Default 15 s. */
  readonly ttlMs: number;
  /** A renewal or confirmation not answered within this is a lost term. Default 3 s (well under the server's 11 s). */
  readonly confirmTimeoutMs: number;
}

export const DEFAULT_LEASE: LeaseTimings = Object.freeze({ renewMs: 2_000, ttlMs: 15_000, confirmTimeoutMs: 3_000 });

/**
 * The server side of the lock connection: a peer that vanished (no FIN) is dropped after 5 s idle + 3 probes 2 s
 * apart, and data left unacknowledged for 10 s ends it too. Set per session, so they hold on any PostgreSQL the
 * service is pointed at (the manifests set the same server-wide).
 */
export const SERVER_KEEPALIVE = Object.freeze({
  tcp_keepalives_idle: 5,
  tcp_keepalives_interval: 2,
  tcp_keepalives_count: 3,
  tcp_user_timeout: 10_000,
});

export interface OriginAccountLockOptions {
  readonly pool: DbHandle['pool'];
  /** The origin account (its username): one leader per account. */
  readonly account: string;
  readonly logger: Logger;
  /** How often a waiting standby tries again. Default 200 ms. */
  readonly retryMs?: number;
  readonly lease?: Partial<LeaseTimings>;
  /** Shown in `origin_leadership.holder`. Default host:pid. */
  readonly holder?: string;
}

interface LeaseRow {
  readonly epoch: string;
  readonly holder: string;
  readonly same_server: boolean;
  readonly holder_alive: boolean;
  readonly expires_in_ms: string;
}

export function createOriginAccountLock(options: OriginAccountLockOptions): OriginAccountLock {
  const retryMs = options.retryMs ?? 200;
  const lease: LeaseTimings = { ...DEFAULT_LEASE, ...options.lease };
  const holder = options.holder ?? `${hostname()}:${process.pid}`;
  const logger = options.logger.child({ component: 'origin-account-lock' });
  const keys = [LOCK_NAMESPACE, options.account] as const;

  // The client's side: with a delay, node 20 (libuv 1.46) sets idle 2 s, probes 1 s apart, 10 of them, so an idle
  // socket to a vanished server errors in about 12 s (measured); the renewals and their 3 s timeout bound a lost term
  // sooner, and they also cover a socket with data in flight (node cannot set TCP_USER_TIMEOUT).
  const connect = (): Promise<DedicatedClient> =>
    connectDedicated(options.pool, {
      applicationName: 'origin-session-lock',
      serverSettings: SERVER_KEEPALIVE,
      keepAliveInitialDelayMs: 2_000,
      connectTimeoutMs: 5_000,
      queryTimeoutMs: 10_000,
    });

  /** Ends the backend of a holder whose lease ran out (paused, or cut off with its backend still open). */
  const endExpiredHolder = async (client: DedicatedClient): Promise<void> => {
    const result = await client.query<{ pid: number; holder: string }>(
      `SELECT pg_terminate_backend(l.pid) AS ended, l.pid, o.holder
         FROM origin_leadership o
         JOIN pg_locks l ON l.pid = o.holder_pid AND l.locktype = 'advisory' AND l.granted
          AND l.classid = hashtext($1)::oid AND l.objid = hashtext($2)::oid AND l.objsubid = 2
        WHERE o.account = $2 AND now() - o.renewed_at > make_interval(secs => $3::double precision / 1000)`,
      [...keys, lease.ttlMs],
    );
    for (const row of result.rows) {
      logger.warn(
        { holder: row.holder, pid: row.pid },
        "the origin leader's lease expired (paused or cut off): ended its database session",
      );
    }
  };

  /** With the advisory lock held: the epoch of a new term, or how long until the previous holder's lease runs out. */
  const takeOver = async (client: DedicatedClient): Promise<{ epoch: number } | { waitMs: number }> => {
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<LeaseRow>(
        `SELECT o.epoch, o.holder,
                o.holder_server_start = pg_postmaster_start_time() AS same_server,
                EXISTS (SELECT 1 FROM pg_stat_activity a
                         WHERE a.pid = o.holder_pid AND a.backend_start = o.holder_backend_start) AS holder_alive,
                floor(extract(epoch FROM o.renewed_at + make_interval(secs => $2::double precision / 1000) - now())
                      * 1000) AS expires_in_ms
           FROM origin_leadership o WHERE o.account = $1 FOR UPDATE`,
        [options.account, lease.ttlMs],
      );
      const previous = rows[0];
      const expiresInMs = previous === undefined ? 0 : Number(previous.expires_in_ms);
      // On this server, a holder whose backend is gone is gone (killed, or ended by its keepalives). A row written
      // against another server instance (a failover) proves nothing of its holder: its lease must run out first.
      const vacant = previous === undefined || expiresInMs <= 0 || (previous.same_server && !previous.holder_alive);
      if (!vacant) {
        await client.query('ROLLBACK');
        return { waitMs: Math.min(expiresInMs + 50, lease.ttlMs) };
      }
      const taken = await client.query<{ epoch: string }>(
        `INSERT INTO origin_leadership AS o
           (account, epoch, holder, holder_pid, holder_backend_start, holder_server_start, acquired_at, renewed_at)
         SELECT $1, 1, $2, pg_backend_pid(), a.backend_start, pg_postmaster_start_time(), now(), now()
           FROM pg_stat_activity a WHERE a.pid = pg_backend_pid()
         ON CONFLICT (account) DO UPDATE SET epoch = o.epoch + 1, holder = EXCLUDED.holder,
           holder_pid = EXCLUDED.holder_pid, holder_backend_start = EXCLUDED.holder_backend_start,
           holder_server_start = EXCLUDED.holder_server_start, acquired_at = now(), renewed_at = now()
         RETURNING epoch`,
        [options.account, holder],
      );
      await client.query('COMMIT');
      const epoch = Number(taken.rows[0]?.epoch);
      logger.info({ epoch, previous: previous?.holder ?? null }, 'took the lead of the origin account');
      return { epoch };
    } catch (thrown) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw thrown;
    }
  };

  const term = (client: DedicatedClient, epoch: number): HeldLock => {
    let lostTo: Error | undefined;
    let released = false;
    let lost = false;
    let markLost: () => void = () => undefined;
    const lostSignal = new Promise<void>((resolve) => {
      markLost = resolve;
    });
    const lose = (error: Error): void => {
      if (lost) return;
      lost = true;
      lostTo = error;
      markLost();
      logger.error({ err: error, epoch }, 'the origin account lock is lost: no further origin call from this term');
      clearInterval(renewal);
      // A connection that stopped answering may never close by itself: end it without waiting.
      client.end().catch(() => undefined);
    };
    client.on('error', lose);

    const renew = async (): Promise<void> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer to the lease renewal within ${lease.confirmTimeoutMs} ms`)),
          lease.confirmTimeoutMs,
        );
      });
      try {
        const result = await Promise.race([
          client.query(
            `UPDATE origin_leadership SET renewed_at = now()
              WHERE account = $1 AND epoch = $2 AND holder_pid = pg_backend_pid() RETURNING epoch`,
            [options.account, epoch],
          ),
          timeout,
        ]);
        if (result.rowCount !== 1) throw new Error(`epoch ${epoch} is no longer the origin account's`);
      } finally {
        clearTimeout(timer);
      }
    };

    const renewal = setInterval(() => {
      if (lost || released) return;
      renew().catch((thrown: unknown) => lose(coerceError(thrown)));
    }, lease.renewMs);
    renewal.unref();

    return {
      epoch,
      isHeld: () => !lost && !released,
      lostTo: () => lostTo,
      whenLost: () => lostSignal,
      async confirm() {
        if (lost || released) throw new LockLostError(lostTo);
        try {
          await renew();
        } catch (thrown) {
          lose(coerceError(thrown));
          throw new LockLostError(lostTo);
        }
      },
      async release() {
        if (released) return;
        released = true;
        clearInterval(renewal);
        client.off('error', lose);
        if (lost) return;
        try {
          // A clean hand-over: the lease ends now, so the next leader need not wait for it even after a failover.
          await client.query(`UPDATE origin_leadership SET renewed_at = 'epoch' WHERE account = $1 AND epoch = $2`, [
            options.account,
            epoch,
          ]);
          await client.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', [...keys]);
        } catch {
          // Ending the connection ends its session, which releases the lock anyway.
        }
        await client.end().catch(() => undefined);
      },
    };
  };

  return {
    async acquire(signal) {
      let waitingSince: number | undefined;
      let client: DedicatedClient | undefined;
      try {
        for (;;) {
          if (signal.aborted) throw new LockWaitAbortedError();
          client ??= await connect();
          const locked = await client.query<{ ok: boolean }>(
            'SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS ok',
            [...keys],
          );
          if (locked.rows[0]?.ok === true) {
            const outcome = await takeOver(client);
            if ('epoch' in outcome) {
              if (waitingSince !== undefined) {
                logger.info({ waited_ms: Date.now() - waitingSince }, 'origin account lock acquired after waiting');
              }
              const held = term(client, outcome.epoch);
              client = undefined;
              return held;
            }
            logger.warn(
              { wait_ms: outcome.waitMs },
              'the previous leader used another database server (a failover?): waiting for its lease to run out',
            );
            await sleep(outcome.waitMs, signal);
            continue;
          }
          if (waitingSince === undefined) {
            waitingSince = Date.now();
            logger.warn('another consumer holds the origin account lock (a zombie?); waiting for it');
          }
          await endExpiredHolder(client);
          await sleep(retryMs, signal);
        }
      } catch (thrown) {
        // Not leading: a half-taken lock goes with the connection.
        await client?.end().catch(() => undefined);
        throw thrown;
      }
    },
  };
}
