import type { Logger } from '@regapi/telemetry';
import pg from 'pg';
import { type BackoffOptions, backoffDelay } from './backoff';
import { coerceError } from './coerce-error';

export interface PgListenerOptions {
  /** Connection settings; the listener has a client of its own, outside any pool. */
  readonly clientConfig: pg.ClientConfig;
  readonly channel: string;
  readonly logger: Logger;
  readonly onNotify: () => void;
  /** After every (re)connect: notifications sent while disconnected are lost, so the caller catches up. */
  readonly onListening: () => void;
  readonly reconnect: BackoffOptions;
}

export interface PgListener {
  /** Resolves once listening, or after the first attempt failed (it keeps retrying in the background). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** LISTEN on a dedicated connection that comes back by itself when it drops (database restart, network). */
export function createPgListener(options: PgListenerOptions): PgListener {
  const { logger } = options;
  let client: pg.Client | undefined;
  let stopped = true;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let attempting: Promise<void> | undefined;

  const drop = (candidate: pg.Client, error?: Error): void => {
    if (client !== candidate) return;
    client = undefined;
    candidate.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: error, channel: options.channel }, 'LISTEN connection lost; reconnecting');
    schedule();
  };

  const connectOnce = async (): Promise<void> => {
    const candidate = new pg.Client(options.clientConfig);
    candidate.on('error', (error) => drop(candidate, error));
    candidate.on('end', () => drop(candidate));
    candidate.on('notification', (notification) => {
      if (notification.channel === options.channel) options.onNotify();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
    } catch (thrown) {
      await candidate.end().catch(() => undefined);
      throw thrown;
    }
    if (stopped) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    failures = 0;
    options.onListening();
  };

  const attempt = (): Promise<void> => {
    attempting = connectOnce()
      .catch((thrown: unknown) => {
        logger.warn({ err: coerceError(thrown), channel: options.channel }, 'cannot LISTEN; retrying');
        schedule();
      })
      .finally(() => {
        attempting = undefined;
      });
    return attempting;
  };

  const schedule = (): void => {
    if (stopped || timer !== undefined) return;
    failures += 1;
    timer = setTimeout(
      () => {
        timer = undefined;
        void attempt();
      },
      backoffDelay(failures, options.reconnect),
    );
  };

  return {
    start: async () => {
      if (!stopped) return;
      stopped = false;
      await attempt();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await attempting;
      const current = client;
      client = undefined;
      if (current !== undefined) await current.end().catch(() => undefined);
    },
  };
}
