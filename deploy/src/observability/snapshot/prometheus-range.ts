import { PrometheusQueryError, queryRange, type RangeOptions } from '@regapi/telemetry';
import type { PanelSpec } from '../dashboard-spec';
import type { NamedSeries } from './chart-option';
import { seriesName } from './legend';

export interface PanelSeries {
  readonly series: NamedSeries[];
  /** Queries Prometheus rejected, with its reason: the chart says so instead of "No data". */
  readonly rejected: string[];
}

/**
 * Every query of the panel over the range (through the one Prometheus HTTP API reader in @regapi/telemetry), each
 * series named by its query's legend template. A rejected expression is reported, not thrown: one broken panel must
 * not cost the pictures of the others. Any other failure (Prometheus unreachable, a malformed answer) throws.
 */
export async function panelSeries(prometheusUrl: string, panel: PanelSpec, range: RangeOptions): Promise<PanelSeries> {
  const answers = await Promise.all(
    panel.queries.map(async (target) => {
      try {
        const found = await queryRange(prometheusUrl, target.expr, range);
        return {
          series: found.map((entry) => ({ name: seriesName(target.legend, entry.labels), points: entry.points })),
        };
      } catch (error: unknown) {
        if (error instanceof PrometheusQueryError)
          return { series: [], rejected: `${error.errorType}: ${error.detail}` };
        throw error;
      }
    }),
  );
  return {
    series: answers.flatMap((answer) => answer.series),
    rejected: answers.flatMap((answer) => ('rejected' in answer ? [answer.rejected] : [])),
  };
}
