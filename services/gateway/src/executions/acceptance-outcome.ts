import type { Clock } from '@regapi/calendar';
import type { DataItem, Envelope } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { PlatformMetrics } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import type { PlanLookup } from '../quotes/plan-cache';
import type { QuoteAnswer } from '../quotes/quote-view';
import { claimKey, type KeyRef, type StoredAnswer } from './idempotency/idempotency-store';

export interface AcceptanceDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Contract 8, for the honest `consultar_daqui_s` of a search (the same setting origin-session enforces). */
  readonly hourlySearchCeiling: number;
  /** The environment's clock, for the same (docs/decisions/0136): 1 in production, the sandbox's SANDBOX_TIME_SCALE. */
  readonly timeScale: number;
  /**
   * The searches of the ceiling kept for interactive orders (IDLE_SEARCH_RESERVE, origin-session's value), for the
   * admission control of watches (decisions 0163, 0170). Default: origin-session's default for the ceiling.
   */
  readonly idleSearchReserve?: number;
  /** How long a duplicate waits for the first request with its key before answering 409. */
  readonly claimWaitMs: number;
  /** The caller's plan (cached for a moment: docs/decisions/0029). */
  readonly planOf: PlanLookup;
  readonly metrics: PlatformMetrics;
}

/** How a paid execution (one order or a batch) is answered. */
export type AcceptanceOutcome =
  | { readonly kind: 'accepted'; readonly response: Envelope }
  | { readonly kind: 'replayed'; readonly status: number; readonly response: unknown }
  | { readonly kind: 'key-reused' }
  | {
      readonly kind: 'unavailable';
      readonly codeMessage: string;
      readonly item: DataItem;
      /** The 7-day order block's end, when that is the refusal (a watch's run is moved past it: decision 0164). */
      readonly acceptedAgainFrom?: Date;
    }
  | { readonly kind: 'insufficient-balance' }
  /** The account already has its plan's most open orders (decision 0084): refused before the debit, nothing stored. */
  | { readonly kind: 'too-many-open'; readonly open: number; readonly limit: number; readonly adding: number }
  | { readonly kind: 'key-busy' };

/** Leaves the acceptance transaction with an answer: everything it wrote is rolled back. */
export class AcceptanceAbort extends Error {
  constructor(readonly outcome: AcceptanceOutcome) {
    super(outcome.kind);
  }
}

export function replayOf(stored: StoredAnswer, fingerprint: string): AcceptanceOutcome {
  if (stored.fingerprint !== fingerprint) return { kind: 'key-reused' };
  return { kind: 'replayed', status: stored.status, response: stored.response };
}

/** PostgreSQL's lock_not_available: the wait for the key (or the account) ran out. */
function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '55P03';
}

/**
 * How an acceptance transaction that threw ends: an `AcceptanceAbort` answers its outcome (everything it wrote rolled
 * back); a key (or account) whose wait ran out is a `key-busy`; anything else is thrown on.
 */
export function outcomeOfFailure(error: unknown): AcceptanceOutcome {
  if (error instanceof AcceptanceAbort) return error.outcome;
  if (isLockTimeout(error)) return { kind: 'key-busy' };
  throw error;
}

/**
 * A refusal decided before the acceptance transaction (a quote that does not quote, an order block) stores nothing,
 * so it is given only while this request holds the key (claimed without an answer, then rolled back): if the twin of
 * this request is accepting under the same key, this waits for it and replays its answer; a refusal is never the
 * second answer to a key that was accepted (docs/decisions/0058).
 */
export async function refusedUnderKey(
  deps: AcceptanceDeps,
  claim: { readonly ref: KeyRef; readonly fingerprint: string },
  refusal: AcceptanceOutcome,
  now: Date,
): Promise<AcceptanceOutcome> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const held = await claimKey(trx, { ...claim, answer: null, waitMs: deps.claimWaitMs }, now);
      throw new AcceptanceAbort(held.claimed ? refusal : replayOf(held.stored, claim.fingerprint));
    });
  } catch (error: unknown) {
    return outcomeOfFailure(error);
  }
}

/** A 602 (free, under the key) from a quote's answer: what is not offered, one order or a whole batch. */
export function unavailableOf(answer: QuoteAnswer): AcceptanceOutcome {
  return { kind: 'unavailable', codeMessage: answer.codeMessage, item: answer.item };
}
