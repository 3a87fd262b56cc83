import { addBusinessHours } from '@regapi/calendar';
import type { ReconcilerSettings } from '../settings';

type ScheduleSettings = Pick<
  ReconcilerSettings,
  'certificateMaxChecks' | 'certificateFirstStepHours' | 'certificateMaxStepHours'
>;

/**
 * Contract 3 and 8: a certificate in EM_EMISSAO is "checked again automatically at growing intervals, up to 24 times"
 * (docs/decisions/0037). Check 1 is origin-session's, at the forecast (4 registry business hours after acceptance,
 * libs/calendar `certificateForecast`). After check n, the next waits `min(first × 2^(n-1), max)` registry business
 * hours of the OFFICE's time zone: with the defaults 15 min, 30 min, 1 h, 2 h, then 3.5 h (twice a business day)
 * until check 24. An office issues only in business hours, so a check never lands while it is closed.
 */
export function stepAfterCheck(checks: number, settings: ScheduleSettings): number {
  const doubled = settings.certificateFirstStepHours * 2 ** Math.max(0, checks - 1);
  return Math.min(doubled, settings.certificateMaxStepHours);
}

/** When the check after the `checks`-th one is due, counted from `from` in the office's business hours. */
export function nextCheckAt(from: Date, checks: number, timeZone: string, settings: ScheduleSettings): Date {
  return addBusinessHours(from, stepAfterCheck(checks, settings), timeZone);
}

/** Business hours from the forecast (check 1) to each later check and to the exhaustion verdict, for the docs. */
export function watchSchedule(settings: ScheduleSettings): number[] {
  const offsets: number[] = [0];
  for (let checks = 1; checks <= settings.certificateMaxChecks; checks++) {
    offsets.push((offsets[checks - 1] ?? 0) + stepAfterCheck(checks, settings));
  }
  return offsets;
}
