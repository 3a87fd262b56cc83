import type { Clock } from '@regapi/calendar';
import { type Fonte, PRODUCTS } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import { DEFAULT_HOURLY_SEARCH_CEILING, IDLE_SEARCH_RESERVE_SETTING } from '@regapi/orders';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import type { Alerts } from '../alerts/alerts';
import type { OriginSessionClient } from '../session/origin-session-client';

/** Tunables of origin-session, each with its default (README, Configuration; docs/decisions/0021). */
export interface OriginSessionSettings {
  /** The origin account (its username): the key of the account lock. */
  readonly account: string;
  /** Contract 8: preliminary searches per rolling hour. Default 50. */
  readonly hourlySearchCeiling: number;
  /**
   * Searches of the ceiling idle work (watch runs) leaves to interactive orders: an idle search starts only while fewer
   * than `hourlySearchCeiling − idleSearchReserve` started in the rolling hour (decisions 0152, 0163). Default 10.
   */
  readonly idleSearchReserve: number;
  /**
   * After a call whose answer nobody saw (a crash), the origin may still be working on it up to the product's maximum
   * time (contract 8); a new order is placed only after that plus this margin, if the origin still shows none.
   * Default 60 s.
   */
  readonly inDoubtMarginMs: number;
  /** Next look at an order the origin is still producing (a record view in progress). Default 30 s. */
  readonly recheckMs: number;
  /** Rounds of in-doubt resolution before the order is given up as a timeout (605). Default 20. */
  readonly maxInDoubtRounds: number;
  /** First follow-up of a provisional search: the origin retries for 10 min. Default 11 min; doubling. */
  readonly searchRecheckMs: number;
  /** Follow-ups of a provisional search before it is left provisional. Default 6. */
  readonly maxSearchChecks: number;
  /**
   * A certificate in EM_EMISSAO whose checks the origin answers "order not found" ends 621, refunded, only after at
   * least this many such answers in a row (docs/decisions/0176). Default 3.
   */
  readonly certificateNotFoundAnswers: number;
  /** ... and only once that run of answers spans at least this long, so a glitch of hours ends nothing. Default 24 h. */
  readonly certificateNotFoundMs: number;
  /** Catalog sync interval (issue 5: at start and daily). Default 24 h. */
  readonly catalogSyncIntervalMs: number;
  /** Next try after a failed catalog sync. Default 15 min. */
  readonly catalogRetryMs: number;
  /**
   * After the origin says one office is out of service (issue 12), the next catalog sync comes at most this much
   * later, so the office is back as soon as the origin lists it in service. Default 1 h.
   */
  readonly officeRecheckMs: number;
  /**
   * Scheduler poll (delays kept in PostgreSQL), and the longest the runner sleeps while searches wait for the
   * ceiling. Default 1000 ms.
   */
  readonly schedulerPollMs: number;
  /** Share of origin time internal work (checks, listings, catalog sync) gets against customers (0085). Default 0.1. */
  readonly internalShare: number;
  /** How often the runner reads queued orders it has no wake-up for (decision 0086). Default 2 s. */
  readonly queueSyncMs: number;
  /** How often the runner compares its whole queue with the table and looks for orders left in doubt. Default 60 s. */
  readonly queueResyncMs: number;
  /** Upper bound of a check, listing or page load (within the run's budget). Default 60 s. */
  readonly pageTimeoutMs: number;
  /** Upper bound of the catalog or tariff download. Default 5 min. */
  readonly catalogTimeoutMs: number;
  /**
   * How long `stop` lets the task in flight finish before cutting its origin call (the task is then redelivered and
   * its order is in doubt for the product's maximum time). Default 6 s: inside the 10 s a process has to stop.
   */
  readonly stopGraceMs: number;
  /**
   * A certificate's forecast (and its first check) is the origin's own `previsao_entrega_em` rather than the contract 2.6
   * business-hours term: the sandbox's, whose punctual simulator issues exactly then, in minutes (decision 0099).
   * Default false.
   */
  readonly forecastFromOrigin: boolean;
  /**
   * Contract 7.5: a 602/603 about the service takes the product out of service for everyone until an operator puts it
   * back. False in the sandbox (decision 0099): the order still finishes with its code and refund, but one integrator
   * testing a fault must not stop every other's product, nor page anyone. Default true.
   */
  readonly outageTakesProductOut: boolean;
  /**
   * The origin's own maximum times as a fraction of contract 8's: 1 against the real origin; a simulator's SIM_TIME_SCALE
   * where one stands in (standalone, the sandbox), whose origin gives up that much sooner. Only the in-doubt wait uses
   * it (docs/decisions/0110): the calls' own budget stays contract 8's. Default 1.
   */
  readonly originTimeScale: number;
  /** The leader renews its lease this often (docs/decisions/0110). Default 2 s. */
  readonly leaseRenewMs: number;
  /** A lease not renewed for this long lets a standby end the holder's database session. Default 15 s. */
  readonly leaseTtlMs: number;
  /** A lease renewal or pre-call confirmation not answered within this loses the term. Default 3 s. */
  readonly leaseConfirmMs: number;
}

export const DEFAULT_SETTINGS: Omit<OriginSessionSettings, 'account'> = Object.freeze({
  hourlySearchCeiling: DEFAULT_HOURLY_SEARCH_CEILING,
  idleSearchReserve: IDLE_SEARCH_RESERVE_SETTING.default,
  inDoubtMarginMs: 60_000,
  recheckMs: 30_000,
  maxInDoubtRounds: 20,
  searchRecheckMs: 11 * 60_000,
  maxSearchChecks: 6,
  certificateNotFoundAnswers: 3,
  certificateNotFoundMs: 24 * 3_600_000,
  catalogSyncIntervalMs: 24 * 3_600_000,
  catalogRetryMs: 15 * 60_000,
  officeRecheckMs: 60 * 60_000,
  schedulerPollMs: 1_000,
  internalShare: 0.1,
  queueSyncMs: 2_000,
  queueResyncMs: 60_000,
  pageTimeoutMs: 60_000,
  catalogTimeoutMs: 5 * 60_000,
  stopGraceMs: 6_000,
  forecastFromOrigin: false,
  outageTakesProductOut: true,
  originTimeScale: 1,
  leaseRenewMs: 2_000,
  leaseTtlMs: 15_000,
  leaseConfirmMs: 3_000,
});

export interface TaskContext {
  readonly db: Kysely<Database>;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly session: OriginSessionClient;
  readonly alerts: Alerts;
  readonly settings: OriginSessionSettings;
  /** Orders finished here are counted after their transaction committed (issue 13). */
  readonly metrics: PlatformMetrics;
  /** The fencing epoch of this replica's leadership term; undefined while it does not lead. */
  readonly epoch: () => number | undefined;
}

/** Contract 8: the longest the service waits for the origin on one run of `fonte` (180 s search, 540 s others). */
export function maxRunMs(fonte: Fonte): number {
  return PRODUCTS[fonte].maxTimeoutSeconds * 1000;
}
