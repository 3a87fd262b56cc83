import type { Clock } from '@regapi/calendar';
import type { CallOptions, LoginOutcome, OriginPortal } from '@regapi/origin';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { Budget } from './budget';
import { type HeldLock, LockLostError } from './origin-account-lock';
import { callOutcome, loginOutcome, type OriginCallOperation, type OriginOperation } from './origin-operations';

/**
 * What a call can answer besides its own outcomes: the login that had to come first failed (`atLogin`: the call itself
 * never left, so nothing was placed by it).
 */
export type LoginFailure = Exclude<LoginOutcome, { kind: 'logged-in' }> & { readonly atLogin?: true };

/** The call was never sent: the budget ran out before it (the origin heard nothing of it). */
export type NotSent = { readonly kind: 'timeout'; readonly by: 'caller'; readonly sent: false };

const NOT_SENT: NotSent = Object.freeze({ kind: 'timeout', by: 'caller', sent: false });

export interface SessionCallOptions {
  /**
   * Retry once after a fresh login when the session turned out lost. Only for calls that change nothing at the
   * origin (checks, listings, catalog): a call that may have placed an order is resolved by its caller instead.
   */
  readonly retryOnSessionLost: boolean;
  /** Ceiling for this call on top of the budget (e.g. a page load). */
  readonly maxMs?: number;
  /** The term's confirmation started for this call ahead of it (`confirmAhead`); used only while it is valid. */
  readonly confirmation?: TermConfirmation;
}

/**
 * The round trip that proves the term, started before the call it is for, so that it runs beside the statements that
 * precede the call instead of after them (docs/decisions/0178). It counts for the next call only if it succeeded on
 * the term still held, no call or login left since it was started, and it came back less than `aheadMaxAgeMs` before
 * the call: the lease it renewed then still has all but that of its length to run, and a process paused since finds
 * it stale on the monotonic clock and confirms again.
 */
export interface TermConfirmation {
  /** Resolves with the monotonic instant (performance.now) it came back; rejects with LockLostError. */
  readonly done: Promise<number>;
  readonly lock: object | undefined;
  readonly afterDepartures: number;
}

export interface OriginSessionStats {
  readonly loggedIn: boolean;
  readonly logins: number;
  readonly calls: number;
  /** Sessions lost when no refresh was due: someone else logged in to the account (a zombie?), or the origin dropped it. */
  readonly unexpectedLosses: number;
}

/**
 * THE origin session of the account (contract 1.7; architecture rule 1): logs in when this replica's leadership
 * term starts (`startTerm`; never before, so a standby never kicks the leader's session), again when the origin says
 * the session is lost, and ahead of the origin's idle expiry. Every call, login included, first confirms the term by
 * a round trip (decision 0110). Calls run strictly one at a time: a chained mutex, on top of the queue's prefetch, so
 * nothing in this process (a timer, a future task kind) can ever put two calls on the session.
 */
export interface OriginSessionClient {
  call<T>(
    what: OriginCallOperation,
    operation: (portal: OriginPortal, options: CallOptions) => Promise<T>,
    budget: Budget,
    options: SessionCallOptions,
  ): Promise<T | LoginFailure | NotSent>;
  /**
   * Starts the term's confirmation for the next call now (docs/decisions/0178): the caller does its last writes while
   * the round trip runs, and passes it to `call`. Never rejects unhandled: a call that never comes leaves nothing.
   */
  confirmAhead(): TermConfirmation;
  /** Logs in again now (after a lost session, before resolving what the lost call did). */
  relogin(budget: Budget): Promise<LoginOutcome | NotSent>;
  /**
   * A new leader's first act (docs/decisions/0110): log in before touching any order, which ends the previous leader's
   * session at the origin, so a zombie's next call fails.
   */
  startTerm(budget: Budget): Promise<LoginOutcome | NotSent>;
  /**
   * Since when (business clock) no call of an earlier session can still be creating an order unseen: the last login
   * that started a term or followed an unexpected loss. In-doubt waits count from here, never from another machine's
   * clock. Undefined before the first such login.
   */
  quietSince(): Date | undefined;
  stats(): OriginSessionStats;
}

/** The service is stopping: the call in flight was aborted and its task is left for redelivery, not settled. */
export class StoppingError extends Error {
  override readonly name = 'StoppingError';
  readonly code = 'origin_session_stopping';
  constructor() {
    super('origin-session is stopping; the task will be redelivered');
  }
}

export interface OriginSessionClientOptions {
  readonly portal: OriginPortal;
  /**
   * Aborted at shutdown: the call in flight is cut short (the port reports it as a timeout) and StoppingError is
   * thrown instead of an outcome, so nothing is settled from an answer nobody waited for; the message is redelivered
   * and a started run is then resolved as in doubt.
   */
  readonly stopping?: () => AbortSignal;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Every call to the portal (login included) is recorded here with its outcome and latency (issue 13). */
  readonly metrics: PlatformMetrics;
  /** The account lock of the task in progress: no call leaves this process without it. */
  readonly fence: () => Pick<HeldLock, 'isHeld' | 'lostTo' | 'confirm'> | undefined;
  /** Told of a session lost when no refresh was due (an alert: someone else may be using the account). */
  readonly onUnexpectedLoss?: (what: OriginCallOperation) => void;
  /** Upper bound of a login. Default 60 s. */
  readonly loginTimeoutMs?: number;
  /** Log in again this long before the origin's announced idle expiry. Default 60 s. */
  readonly refreshMarginMs?: number;
  /** How old a confirmation started ahead may be when its call leaves (monotonic ms). Default 1 s. */
  readonly aheadMaxAgeMs?: number;
}

/** Far inside the lease (15 s by default): a call within this of its confirmation leaves well inside the term. */
const DEFAULT_AHEAD_MAX_AGE_MS = 1_000;

const SESSION_LOST = 'session-lost';

export function createOriginSessionClient(options: OriginSessionClientOptions): OriginSessionClient {
  const { portal, clock } = options;
  const logger = options.logger.child({ component: 'origin-session-client' });
  const loginTimeoutMs = options.loginTimeoutMs ?? 60_000;
  const refreshMarginMs = options.refreshMarginMs ?? 60_000;
  const aheadMaxAgeMs = options.aheadMaxAgeMs ?? DEFAULT_AHEAD_MAX_AGE_MS;
  /** Calls and logins that left for the origin: a confirmation started before one of them is not the next call's. */
  let departures = 0;
  let loggedIn = false;
  /** How long the origin keeps an idle session, learned from the login answer (`expira_em`). */
  let idleWindowMs: number | undefined;
  /** When the last call that reached the origin left here (ours, not the origin's clock). */
  let lastUsedAt = 0;
  let logins = 0;
  let calls = 0;
  let unexpectedLosses = 0;
  let quietSince: Date | undefined;
  /** The next login resets `quietSince` (a term's first, or one after an unexpected loss); a refresh does not. */
  let nextLoginResets = true;
  let chain: Promise<unknown> = Promise.resolve();

  /** One at a time: each call starts when the previous one settled. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  /** A call cut short by a stop is recorded too (as the timeout the port reports): it did reach the origin. */
  const timed = async <T>(operation: OriginOperation, work: () => Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    const record = (outcome: string) =>
      options.metrics.originCall(operation, outcome, (performance.now() - startedAt) / 1000);
    try {
      const answer = await work();
      record(callOutcome(answer));
      return answer;
    } catch (thrown) {
      // The port answers with values; a throw is a defect of the driver, counted as such.
      record('error');
      throw thrown;
    }
  };

  /**
   * Immediately before anything leaves for the origin: the term is confirmed by a round trip, not a local flag — this
   * call's own, or the one started ahead for it while it is valid (`TermConfirmation`).
   */
  const guard = async (ahead?: TermConfirmation): Promise<void> => {
    const lock = options.fence();
    if (lock === undefined || !lock.isHeld()) throw new LockLostError(lock?.lostTo());
    if (ahead !== undefined && ahead.lock === lock && ahead.afterDepartures === departures) {
      const cameBackAt = await ahead.done;
      if (!lock.isHeld()) throw new LockLostError(lock.lostTo());
      if (performance.now() - cameBackAt < aheadMaxAgeMs && ahead.afterDepartures === departures) return;
    }
    await lock.confirm();
  };

  const callOptions = (budget: Budget, maxMs?: number): CallOptions | undefined => {
    const remaining = budget.remainingMs();
    if (remaining <= 0) return undefined;
    const timeoutMs = maxMs === undefined ? remaining : Math.min(remaining, maxMs);
    const signal = options.stopping?.();
    return signal === undefined ? { timeoutMs } : { timeoutMs, signal };
  };

  const checkStopping = (): void => {
    if (options.stopping?.().aborted === true) throw new StoppingError();
  };

  const login = async (budget: Budget): Promise<LoginOutcome | NotSent> => {
    checkStopping();
    await guard();
    const call = callOptions(budget, loginTimeoutMs);
    if (call === undefined) return NOT_SENT;
    loggedIn = false;
    logins++;
    departures++;
    logger.debug({ logins }, 'logging in to the origin');
    const sentAt = clock.now().getTime();
    const outcome = await timed('login', () => portal.login(call));
    options.metrics.originLogin(loginOutcome(outcome));
    checkStopping();
    if (outcome.kind === 'logged-in') {
      loggedIn = true;
      const now = clock.now().getTime();
      lastUsedAt = sentAt;
      if (nextLoginResets) quietSince = new Date(now);
      nextLoginResets = false;
      const expiresAt = outcome.expiresAt === null ? Number.NaN : Date.parse(outcome.expiresAt);
      // The expiry is the origin's clock, `now` ours: an expiry already past here says the clocks disagree, not that
      // the session has no idle window — the window learnt before is kept (else the session would never be refreshed
      // ahead of its expiry, and every placement after a quiet half hour would meet a lost session).
      if (Number.isFinite(expiresAt) && expiresAt > now) idleWindowMs = expiresAt - now;
      logger.info({ logins, idle_window_ms: idleWindowMs ?? null }, 'logged in to the origin');
    } else {
      logger.warn({ outcome }, 'origin login failed');
    }
    return outcome;
  };

  /** The origin drops a session idle for its window (30 min at the simulator): log in again just before. */
  const aboutToExpire = (): boolean =>
    idleWindowMs !== undefined && clock.now().getTime() - lastUsedAt >= idleWindowMs - refreshMarginMs;

  return {
    call: (what, operation, budget, callOpts) =>
      exclusive(async () => {
        for (let attempt = 0; ; attempt++) {
          if (!loggedIn || aboutToExpire()) {
            const outcome = await login(budget);
            if (outcome.kind !== 'logged-in') return 'sent' in outcome ? outcome : { ...outcome, atLogin: true };
          }
          checkStopping();
          await guard(callOpts.confirmation);
          const call = callOptions(budget, callOpts.maxMs);
          if (call === undefined) return NOT_SENT;
          calls++;
          departures++;
          logger.debug({ what, timeout_ms: call.timeoutMs }, 'origin call');
          // The origin's idle window runs from its last sight of the session, somewhere between our send and its
          // answer: counted from the send, a refresh is never late, even when the answer took long to come back.
          const sentAt = clock.now().getTime();
          const outcome = await timed(what, () => operation(portal, call));
          checkStopping();
          lastUsedAt = sentAt;
          logger.debug({ what, outcome: kindOf(outcome) }, 'origin call answered');
          if (!isSessionLost(outcome)) return outcome;
          loggedIn = false;
          // Not an idle expiry we could have foreseen: another login took the account (a zombie leader, a person).
          // Whatever it placed may still be in the making: in-doubt waits count again from the next login.
          unexpectedLosses++;
          nextLoginResets = true;
          logger.warn({ what, attempt }, 'the origin session was lost');
          options.onUnexpectedLoss?.(what);
          if (!callOpts.retryOnSessionLost || attempt >= 1) return outcome;
        }
      }),
    confirmAhead: () => {
      const lock = options.fence();
      const done =
        lock === undefined || !lock.isHeld()
          ? Promise.reject(new LockLostError(lock?.lostTo()))
          : lock.confirm().then(() => performance.now());
      done.catch(() => undefined);
      return { done, lock, afterDepartures: departures };
    },
    relogin: (budget) => exclusive(() => login(budget)),
    startTerm: (budget) =>
      exclusive(() => {
        nextLoginResets = true;
        quietSince = undefined;
        return login(budget);
      }),
    quietSince: () => quietSince,
    stats: () => ({ loggedIn, logins, calls, unexpectedLosses }),
  };
}

function kindOf(outcome: unknown): unknown {
  return typeof outcome === 'object' && outcome !== null ? Reflect.get(outcome, 'kind') : undefined;
}

function isSessionLost(outcome: unknown): boolean {
  return kindOf(outcome) === SESSION_LOST;
}
