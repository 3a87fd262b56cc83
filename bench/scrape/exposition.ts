import { EVENT_METRICS, prometheusName } from '@regapi/telemetry';

/** What one exposition holds: what a scrape transfers and what Prometheus stores from it. */
export interface ExpositionFigures {
  readonly bytes: number;
  /** Metric families (`# TYPE` lines). */
  readonly families: number;
  /** Samples, i.e. series Prometheus stores per scrape (a histogram's buckets, sum and count included). */
  readonly series: number;
  /** Of those, the request duration histogram's. */
  readonly httpSeries: number;
  /** Route × method × status combinations of the request duration histogram (its `_count` samples). */
  readonly httpLabelSets: number;
}

const HTTP_NAME = prometheusName(EVENT_METRICS.httpServerDuration);

export function expositionFigures(text: string): ExpositionFigures {
  const lines = text.split('\n');
  const samples = lines.filter((line) => line !== '' && !line.startsWith('#'));
  const http = samples.filter((line) => line.startsWith(HTTP_NAME));
  return {
    bytes: Buffer.byteLength(text),
    families: lines.filter((line) => line.startsWith('# TYPE ')).length,
    series: samples.length,
    httpSeries: http.length,
    httpLabelSets: http.filter((line) => /^\S+_count[{ ]/.test(line)).length,
  };
}
