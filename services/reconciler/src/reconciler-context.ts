import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Logger, PlatformMetrics } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import type { ReconcilerAlert, ReconcilerAlerts } from './alerts/reconciler-alerts';
import type { ReconcilerSettings } from './settings';

/** What every part of the reconciler works with. */
export interface ReconcilerContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly settings: ReconcilerSettings;
  readonly alerts: ReconcilerAlerts;
  /** Events are recorded after the transaction that made them committed (issue 13). */
  readonly metrics: PlatformMetrics;
}

/** Alerts are raised only after the transaction that found them committed: a rollback never notifies anyone. */
export function raiseAll(ctx: ReconcilerContext, alerts: readonly ReconcilerAlert[]): void {
  for (const alert of alerts) ctx.alerts.raise(alert, ctx.clock.now());
}
