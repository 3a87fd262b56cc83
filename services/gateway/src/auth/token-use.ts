import type { Clock } from '@regapi/calendar';
import type { RequestGuard } from '@regapi/http';
import type { Db } from '@regapi/ledger';
import type { Logger } from '@regapi/telemetry';
import { recordTokenUse } from '@regapi/tokens';
import { authOf } from './auth-context';

/** How often one replica writes one token's `last_used_at`, at most (docs/decisions/0074). */
export const TOKEN_USE_INTERVAL_MS = 60_000;

export interface TokenUseOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Default TOKEN_USE_INTERVAL_MS. */
  readonly intervalMs?: number;
  /** Monotonic milliseconds. Default `performance.now`. */
  readonly monotonicMs?: () => number;
  /** Tokens remembered at once; past it the oldest are forgotten (a forgotten token is written again). Default 10 000. */
  readonly maxEntries?: number;
}

/**
 * Records `api_token.last_used_at` when the gateway accepts a token (docs/decisions/0074): at most once per interval
 * per token on this replica, in the background. Never on the request's path: the write is not awaited, and a failure
 * is logged, never answered — a request is not refused because we could not note that it came.
 */
export function recordTokenUseGuard(options: TokenUseOptions): RequestGuard {
  const intervalMs = options.intervalMs ?? TOKEN_USE_INTERVAL_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  const maxEntries = options.maxEntries ?? 10_000;
  const writtenAt = new Map<string, number>();
  return {
    check(_req, res) {
      const { tokenId } = authOf(res);
      const now = monotonicMs();
      const last = writtenAt.get(tokenId);
      if (last !== undefined && now - last < intervalMs) return;
      writtenAt.delete(tokenId);
      writtenAt.set(tokenId, now);
      if (writtenAt.size > maxEntries) {
        const oldest = writtenAt.keys().next();
        if (oldest.done !== true) writtenAt.delete(oldest.value);
      }
      recordTokenUse(options.db, tokenId, options.clock.now()).catch((error: unknown) => {
        options.logger.warn({ err: error, tokenId }, 'could not record the token last use');
      });
    },
  };
}
