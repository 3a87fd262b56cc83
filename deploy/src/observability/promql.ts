import { type MetricDefinition, prometheusLabel, prometheusName } from '@regapi/telemetry';

/**
 * PromQL built from the metrics catalog: every regapi name and label key in a dashboard or a rule comes through here,
 * so renaming a metric in libs/telemetry/src/metrics/catalog.ts changes every query that reads it.
 */

/** Scrape jobs as the Prometheus configuration names them (docs/operations.md, "Metrics, dashboards and alerts"). */
export const JOBS = { regapi: 'regapi', rabbitmq: 'rabbitmq', postgres: 'postgres' } as const;

/** Target labels Prometheus adds to every regapi series: `service` is set per target by the scrape configuration. */
export const TARGET = { job: 'job', service: 'service', instance: 'instance' } as const;

/** The window of `rate`/`increase` on dashboards: several scrapes at any sane interval, readable without Grafana. */
export const RATE_WINDOW = '5m';

type LabelOf<M extends MetricDefinition> = M['labels'][number];

/** A label key of a catalog metric, as stored; the compiler refuses a key the catalog does not list. */
export function labelOf<M extends MetricDefinition>(_metric: M, key: LabelOf<M>): string {
  return prometheusLabel(key);
}

/** `key op "value"` for a catalog metric's label. */
export function matcher<M extends MetricDefinition>(
  metric: M,
  key: LabelOf<M>,
  op: '=' | '!=' | '=~' | '!~',
  value: string,
) {
  return `${labelOf(metric, key)}${op}"${value}"`;
}

/** A target-label matcher (`job`, `service`, `instance`). */
export function targetMatcher(key: keyof typeof TARGET, op: '=' | '!=' | '=~' | '!~', value: string): string {
  return `${TARGET[key]}${op}"${value}"`;
}

/**
 * Production's series only: the sandbox's targets carry `ambiente="teste"` (k8s/sandbox's ServiceMonitor, decisions
 * 0099 and 0109), and its traffic must neither move production's dashboards nor page anyone. A series without the
 * label (production's, and every local run) matches.
 */
export const PRODUCTION_ONLY = 'ambiente!="teste"';

function selector(name: string, matchers: readonly string[]): string {
  return matchers.length === 0 ? name : `${name}{${matchers.join(', ')}}`;
}

/** The series of a counter or gauge. */
export function series(metric: MetricDefinition, ...matchers: string[]): string {
  if (metric.kind === 'histogram') throw new Error(`${metric.name} is a histogram: use histogramSeries`);
  return selector(prometheusName(metric), [...matchers, PRODUCTION_ONLY]);
}

/** One of a histogram's series (`_bucket`, `_count`, `_sum`). */
export function histogramSeries(
  metric: MetricDefinition,
  part: 'bucket' | 'count' | 'sum',
  ...matchers: string[]
): string {
  if (metric.kind !== 'histogram') throw new Error(`${metric.name} is a ${metric.kind}, not a histogram`);
  return selector(`${prometheusName(metric)}_${part}`, [...matchers, PRODUCTION_ONLY]);
}

/** A series of a metric this repository does not define (runtime-node, the RabbitMQ and PostgreSQL exporters). */
export function externalSeries(name: string, ...matchers: string[]): string {
  return selector(name, matchers);
}

/**
 * `absent(selector)`: 1, with the selector's equality matchers as labels, when no series matches; nothing otherwise. A
 * target that vanished (its pods gone, its monitor not selecting it) leaves no `up` at 0, only this.
 */
export function absent(selectorText: string): string {
  return `absent(${selectorText})`;
}

/** `op by (a, b) (expr)`, or `op(expr)` without labels; label keys in stored form (`labelOf`, `TARGET`). */
function aggregate(operator: string, expr: string, labels: readonly string[]): string {
  return labels.length === 0 ? `${operator}(${expr})` : `${operator} by (${labels.join(', ')}) (${expr})`;
}

export function rate(selectorText: string, window: string = RATE_WINDOW): string {
  return `rate(${selectorText}[${window}])`;
}

export function increase(selectorText: string, window: string): string {
  return `increase(${selectorText}[${window}])`;
}

export function max(expr: string, ...labels: string[]): string {
  return aggregate('max', expr, labels);
}

export function sum(expr: string, ...labels: string[]): string {
  return aggregate('sum', expr, labels);
}

/**
 * A pipeline-snapshot gauge across replicas: every replica serving it serves the same reading of PostgreSQL, so the
 * replicas are never added up (decision 0063).
 */
export function snapshot(metric: MetricDefinition, ...labels: string[]): string {
  return aggregate('max', series(metric), labels);
}

/** `histogram_quantile` of a catalog histogram, summed over replicas, kept by `labels`. */
export function quantile(q: number, metric: MetricDefinition, labels: readonly string[], ...matchers: string[]) {
  return `histogram_quantile(${q}, ${sum(rate(histogramSeries(metric, 'bucket', ...matchers)), ...labels, 'le')})`;
}
