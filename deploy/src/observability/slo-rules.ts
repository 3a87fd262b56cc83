import { type AlertRule, alertRule, type RecordingRule } from './rule-types';
import {
  AVAILABILITY_OBJECTIVE,
  BURN_RATE_ALERTS,
  type BurnRateAlert,
  errorBudget,
  errorRatio,
  errorRatioRecord,
  LATENCY_OBJECTIVE,
  LATENCY_THRESHOLD_S,
  SLO_RATIO_WINDOWS,
  slowRatio,
  slowRatioRecord,
} from './slo';

/** The SLO ratios per alert window, recorded so the burn-rate alerts compare two cheap series. */
export const SLO_RECORDING_RULES: readonly RecordingRule[] = SLO_RATIO_WINDOWS.flatMap((window) => [
  { record: errorRatioRecord(window), expr: errorRatio(window) },
  { record: slowRatioRecord(window), expr: slowRatio(window) },
]);

/** Both windows burn faster than `factor` times the budget: the long one proves it matters, the short one that it still happens. */
function burning(record: (window: string) => string, objective: number, burn: BurnRateAlert): string {
  const threshold = `(${burn.factor} * ${errorBudget(objective)})`;
  return `${record(burn.long)} > ${threshold} and ${record(burn.short)} > ${threshold}`;
}

const availabilityBurn = (burn: BurnRateAlert): AlertRule =>
  alertRule({
    alert: `ApiAvailabilityBudgetBurn${burn.speed}`,
    severity: burn.severity,
    for: burn.for,
    expr: burning(errorRatioRecord, AVAILABILITY_OBJECTIVE, burn),
    summary: `The API spends its availability error budget ${burn.factor} times too fast.`,
    description: `5xx answers over the last ${burn.long} and ${burn.short} burn the ${AVAILABILITY_OBJECTIVE * 100} % objective's budget ${burn.factor} times faster than 30 days allow.`,
  });

const latencyBurn = (burn: BurnRateAlert): AlertRule =>
  alertRule({
    alert: `ApiLatencyBudgetBurn${burn.speed}`,
    severity: burn.severity,
    for: burn.for,
    expr: burning(slowRatioRecord, LATENCY_OBJECTIVE, burn),
    summary: `The API spends its latency error budget ${burn.factor} times too fast.`,
    description: `Requests slower than ${Number(LATENCY_THRESHOLD_S) * 1000} ms over the last ${burn.long} and ${burn.short} burn the ${LATENCY_OBJECTIVE * 100} % objective's budget ${burn.factor} times faster than 30 days allow.`,
  });

export const SLO_ALERTS: readonly AlertRule[] = [
  ...BURN_RATE_ALERTS.map(availabilityBurn),
  ...BURN_RATE_ALERTS.map(latencyBurn),
];
