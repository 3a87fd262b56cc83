import type { Attributes } from '@opentelemetry/api';
import { DataPointType, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { createPlatformMetrics, type MetricDefinition, type PlatformMetrics } from '@regapi/telemetry';

/** A reader that only collects when asked: nothing exported, nothing on a timer. */
class OnDemandReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** One recorded series: a counter's or gauge's value, or a histogram's count and sum. */
export interface RecordedPoint {
  readonly name: string;
  readonly attributes: Attributes;
  readonly value: number;
  /** Histograms only: the sum of the recorded values (e.g. seconds). */
  readonly sum?: number;
}

/** What was recorded up to one `collect()` (cumulative since the start). */
export interface RecordedMetrics {
  readonly points: readonly RecordedPoint[];
  /**
   * The total of `metric` over every series whose labels include `labels` (a histogram counts its observations):
   * `total(EVENT_METRICS.ordersAccepted, { product: 'certidao-inteiro-teor' })`. 0 when nothing was recorded.
   */
  total(metric: MetricDefinition, labels?: Readonly<Record<string, string | number>>): number;
  /** The label sets of `metric` recorded so far (to assert that no series carries an unexpected label). */
  series(metric: MetricDefinition): readonly Attributes[];
}

export interface InMemoryMetrics {
  /** Give this to a service's deps (`metrics`). */
  readonly metrics: PlatformMetrics;
  collect(): Promise<RecordedMetrics>;
  shutdown(): Promise<void>;
}

function matches(attributes: Attributes, labels: Readonly<Record<string, string | number>>): boolean {
  return Object.entries(labels).every(([key, value]) => attributes[key] === value);
}

/**
 * A PlatformMetrics on a real OpenTelemetry MeterProvider that keeps what it records in memory (cumulative), for tests
 * that drive a real flow and then assert its counters with their labels.
 */
export function inMemoryMetrics(): InMemoryMetrics {
  const reader = new OnDemandReader();
  const provider = new MeterProvider({ readers: [reader] });
  return {
    metrics: createPlatformMetrics(provider.getMeter('regapi-test')),
    collect: async () => {
      const { resourceMetrics, errors } = await reader.collect();
      if (errors.length > 0) throw new Error(`metric collection failed: ${String(errors[0])}`);
      const points: RecordedPoint[] = [];
      for (const scope of resourceMetrics.scopeMetrics) {
        for (const metric of scope.metrics) {
          const name = metric.descriptor.name;
          if (metric.dataPointType === DataPointType.HISTOGRAM) {
            for (const point of metric.dataPoints) {
              points.push({ name, attributes: point.attributes, value: point.value.count, sum: point.value.sum ?? 0 });
            }
          } else if (metric.dataPointType === DataPointType.SUM || metric.dataPointType === DataPointType.GAUGE) {
            for (const point of metric.dataPoints)
              points.push({ name, attributes: point.attributes, value: point.value });
          }
        }
      }
      return {
        points,
        total: (metric, labels = {}) =>
          points
            .filter((point) => point.name === metric.name && matches(point.attributes, labels))
            .reduce((total, point) => total + point.value, 0),
        series: (metric) => points.filter((point) => point.name === metric.name).map((point) => point.attributes),
      };
    },
    shutdown: () => provider.shutdown(),
  };
}
