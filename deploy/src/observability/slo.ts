import { EVENT_METRICS } from '@regapi/telemetry';
import { histogramSeries, matcher, rate, sum } from './promql';

/**
 * The API's service-level objectives (decision 0063), over a 30-day window, measured on the HTTP request histogram:
 * availability is the share of requests answered without a 5xx; latency the share answered within 250 ms (a bucket
 * boundary of HTTP_BUCKETS_S, so the ratio is exact, not interpolated).
 */
export const SLO_WINDOW = '30d';

export const AVAILABILITY_OBJECTIVE = 0.995;
export const LATENCY_OBJECTIVE = 0.99;
export const LATENCY_THRESHOLD_S = '0.25';

/** Multi-window, multi-burn-rate alerting (Google SRE workbook, "Alerting on SLOs"), a page and a ticket. */
export const BURN_RATE_ALERTS = [
  { speed: 'Fast', long: '1h', short: '5m', factor: 14.4, severity: 'critical', for: '2m' },
  { speed: 'Slow', long: '6h', short: '30m', factor: 6, severity: 'warning', for: '15m' },
] as const;

export type BurnRateAlert = (typeof BURN_RATE_ALERTS)[number];

/** The windows recording rules keep ratios for: those of the burn-rate alerts. */
export const SLO_RATIO_WINDOWS = [...new Set(BURN_RATE_ALERTS.flatMap((alert) => [alert.short, alert.long]))];

/** The share of requests allowed to be bad: 1 - objective, without binary floating-point noise (0.005, not 0.0050000000000000044). */
export function errorBudget(objective: number): number {
  return Number((1 - objective).toPrecision(6));
}

const http = EVENT_METRICS.httpServerDuration;
/** Probes are not the API: a scraper or the kubelet asking every few seconds would dilute the ratios. */
const apiRoutes = matcher(http, 'http.route', '!~', '/healthz|/readyz|/metrics');

/**
 * Share of API requests answered 5xx over `window`. With no 5xx series at all the numerator is 0 rather than
 * nothing, so a healthy API reads 0, not "no data"; with no requests at all there is no ratio.
 */
export function errorRatio(window: string): string {
  const errors = sum(
    rate(histogramSeries(http, 'count', apiRoutes, matcher(http, 'http.response.status_code', '=~', '5..')), window),
  );
  const all = sum(rate(histogramSeries(http, 'count', apiRoutes), window));
  return `(${errors} or vector(0)) / ${all}`;
}

/** Share of API requests slower than the latency threshold over `window`. */
export function slowRatio(window: string): string {
  const fast = sum(rate(histogramSeries(http, 'bucket', apiRoutes, `le="${LATENCY_THRESHOLD_S}"`), window));
  const all = sum(rate(histogramSeries(http, 'count', apiRoutes), window));
  return `1 - (${fast} / ${all})`;
}

/** Recording rules' names, level:metric:operations as Prometheus recommends. */
export function errorRatioRecord(window: string): string {
  return `api_slo:request_errors:ratio_rate${window}`;
}

export function slowRatioRecord(window: string): string {
  return `api_slo:request_slow:ratio_rate${window}`;
}
