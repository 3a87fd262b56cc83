import type { Dashboard } from '@grafana/grafana-foundation-sdk/dashboard';
import {
  DashboardBuilder,
  DatasourceVariableBuilder,
  RowBuilder,
  ThresholdsConfigBuilder,
  ThresholdsMode,
} from '@grafana/grafana-foundation-sdk/dashboard';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder as StatPanelBuilder } from '@grafana/grafana-foundation-sdk/stat';
import { PanelBuilder as TimeseriesPanelBuilder } from '@grafana/grafana-foundation-sdk/timeseries';

/**
 * A dashboard as data: the Grafana JSON (through the Grafana Foundation SDK) and the list of panel queries the
 * end-to-end Prometheus test evaluates are both derived from it, so they cannot disagree.
 */
export interface PanelQuery {
  readonly expr: string;
  /** Grafana legend template (`{{product}}`). */
  readonly legend: string;
  /**
   * Whether the query returns series after a short run of orders of every product with no failure. False for what
   * only exists when something went wrong (dead letters, 5xx, exhausted watches) or did not happen in such a run.
   */
  readonly expectsData: boolean;
}

export interface PanelSpec {
  readonly title: string;
  readonly description: string;
  readonly kind: 'timeseries' | 'stat';
  /** A Grafana unit id: `short`, `s`, `percentunit`, `bytes`, `reqps`, ... */
  readonly unit: string;
  readonly queries: readonly PanelQuery[];
  /** Grid columns out of 24 (default 8). */
  readonly width?: number;
  readonly min?: number;
  readonly max?: number;
  /** Red from this value up (green below); for stat panels a plain threshold reads at a glance. */
  readonly redFrom?: number;
  /** Thresholds read the other way: red below this value (availability, budget left). */
  readonly redBelow?: number;
}

export interface RowSpec {
  readonly title: string;
  readonly panels: readonly PanelSpec[];
}

export interface DashboardSpec {
  /** File name without `.json`, and the dashboard's uid after `regapi-`. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly rows: readonly RowSpec[];
}

export interface PanelQueryEntry {
  readonly dashboard: string;
  readonly panel: string;
  readonly expr: string;
  readonly expectsData: boolean;
}

/** Grafana's own variable syntax: the dashboard asks which Prometheus to read. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Grafana variable reference, not a JavaScript template
const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };
const PANEL_HEIGHT = 8;

export const query = (expr: string, legend: string, expectsData = true): PanelQuery => ({ expr, legend, expectsData });

function thresholds(panel: PanelSpec): ThresholdsConfigBuilder | undefined {
  const builder = new ThresholdsConfigBuilder().mode(ThresholdsMode.Absolute);
  if (panel.redFrom !== undefined) {
    return builder.steps([
      { value: null, color: 'green' },
      { value: panel.redFrom, color: 'red' },
    ]);
  }
  if (panel.redBelow !== undefined) {
    return builder.steps([
      { value: null, color: 'red' },
      { value: panel.redBelow, color: 'green' },
    ]);
  }
  return undefined;
}

function panelBuilder(panel: PanelSpec): TimeseriesPanelBuilder | StatPanelBuilder {
  const builder = panel.kind === 'stat' ? new StatPanelBuilder() : new TimeseriesPanelBuilder();
  builder
    .title(panel.title)
    .description(panel.description)
    .datasource(DATASOURCE)
    .unit(panel.unit)
    .height(PANEL_HEIGHT)
    .span(panel.width ?? 8);
  if (panel.min !== undefined) builder.min(panel.min);
  if (panel.max !== undefined) builder.max(panel.max);
  const steps = thresholds(panel);
  if (steps !== undefined) builder.thresholds(steps);
  panel.queries.forEach((target, index) => {
    const dataquery = new DataqueryBuilder()
      .datasource(DATASOURCE)
      .refId(String.fromCharCode(65 + index))
      .expr(target.expr)
      .legendFormat(target.legend);
    builder.withTarget(panel.kind === 'stat' ? dataquery.instant() : dataquery.range());
  });
  return builder;
}

export function buildDashboard(spec: DashboardSpec): Dashboard {
  const builder = new DashboardBuilder(spec.title)
    .uid(`regapi-${spec.name}`)
    .description(spec.description)
    .tags(['regapi', 'generated'])
    .editable()
    .refresh('30s')
    .time({ from: 'now-6h', to: 'now' })
    .timezone('browser')
    .withVariable(new DatasourceVariableBuilder('datasource').label('Prometheus').type('prometheus'));
  for (const row of spec.rows) {
    builder.withRow(new RowBuilder(row.title));
    for (const panel of row.panels) builder.withPanel(panelBuilder(panel));
  }
  return builder.build();
}

export function panelQueries(spec: DashboardSpec): PanelQueryEntry[] {
  return spec.rows.flatMap((row) =>
    row.panels.flatMap((panel) =>
      panel.queries.map((target) => ({
        dashboard: spec.name,
        panel: panel.title,
        expr: target.expr,
        expectsData: target.expectsData,
      })),
    ),
  );
}
