import { HOUR_MS, type QuietHours } from '@regapi/orders';
import { percentile } from '../percentile';
import type { InteractiveOrder } from './business-week';

/**
 * Where in the week an interactive order arrived, for the split of its wait (decision 0174): in a quiet hour (a watch
 * run may hold the session), in the first busy hour after a quiet stretch (the rolling search ceiling still counts
 * the idle searches of the stretch's last hour), or in a later busy hour.
 */
export type ArrivalHour = 'quiet' | 'first busy' | 'later busy';
export const ARRIVAL_HOURS: readonly ArrivalHour[] = ['quiet', 'first busy', 'later busy'];

export function arrivalHour(at: number, quiet: QuietHours): ArrivalHour {
  if (quiet.stretchEndAt(at) !== undefined) return 'quiet';
  return quiet.stretchEndAt(at - HOUR_MS) !== undefined ? 'first busy' : 'later busy';
}

export interface SplitWaits {
  readonly hour: ArrivalHour;
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
}

/** The waits (`waits`, by order id) of `orders` per arrival hour. */
export function splitWaits(
  orders: readonly InteractiveOrder[],
  waits: ReadonlyMap<string, number>,
  quiet: QuietHours,
): SplitWaits[] {
  return ARRIVAL_HOURS.map((hour) => {
    const samples = orders
      .filter((order) => arrivalHour(order.at, quiet) === hour)
      .map((order) => waits.get(order.id) ?? Number.NaN);
    return { hour, count: samples.length, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
  });
}
