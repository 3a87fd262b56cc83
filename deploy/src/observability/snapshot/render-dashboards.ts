import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DashboardSpec, PanelSpec } from '../dashboard-spec';
import { DASHBOARDS } from '../generated-files';
import { composeGrid } from './compose-svg';
import { mainPanels } from './main-panels';
import { panelSeries } from './prometheus-range';
import { renderPanelSvg, svgToPng } from './render-chart';

export interface RenderDashboardsOptions {
  /** The Prometheus to read, e.g. `http://127.0.0.1:9090`. */
  readonly prometheusUrl: string;
  /** Written to: `<outDir>/<dashboard>/<panel-slug>.png` per panel and `<outDir>/<dashboard>.png` per dashboard. */
  readonly outDir: string;
  /** The time range, unix seconds, and the resolution of the range queries. */
  readonly start: number;
  readonly end: number;
  readonly stepS: number;
  /** Default: every generated dashboard (DASHBOARDS of generated-files.ts). */
  readonly dashboards?: readonly DashboardSpec[];
  /** Which panels to draw; default: the dashboard's MAIN_PANELS (main-panels.ts), in that order. */
  readonly panels?: (dashboard: DashboardSpec, panel: PanelSpec) => boolean;
  /** Pixels per panel; default 800 × 400. The combined picture puts them 2 to a row. */
  readonly panelWidth?: number;
  readonly panelHeight?: number;
}

export interface RenderedPanel {
  readonly dashboard: string;
  readonly panel: string;
  readonly file: string;
  /** How many series the panel's queries returned over the range (0: the picture says "No data"). */
  readonly series: number;
  /** Queries Prometheus rejected, with its reason. */
  readonly rejected: readonly string[];
}

export interface RenderedDashboard {
  readonly dashboard: string;
  /** The combined picture of its panels. */
  readonly file: string;
  readonly panels: readonly RenderedPanel[];
}

const COLUMNS = 2;

/** `Searches in the last hour vs the ceiling` → `searches-in-the-last-hour-vs-the-ceiling`. */
export function panelSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? 'panel' : slug;
}

function chosenPanels(dashboard: DashboardSpec, filter: RenderDashboardsOptions['panels']): PanelSpec[] {
  if (filter === undefined) return mainPanels(dashboard);
  return dashboard.rows.flatMap((row) => row.panels).filter((panel) => filter(dashboard, panel));
}

/** Distinct file names even when two chosen panels share a title (Platform has two "Connections"). */
function uniqueSlugs(panels: readonly PanelSpec[]): string[] {
  const seen = new Map<string, number>();
  return panels.map((panel) => {
    const slug = panelSlug(panel.title);
    const count = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, count);
    return count === 1 ? slug : `${slug}-${count}`;
  });
}

async function renderDashboard(dashboard: DashboardSpec, options: RenderDashboardsOptions): Promise<RenderedDashboard> {
  const width = options.panelWidth ?? 800;
  const height = options.panelHeight ?? 400;
  const range = { start: options.start, end: options.end, stepS: options.stepS };
  const panels = chosenPanels(dashboard, options.panels);
  const slugs = uniqueSlugs(panels);
  const folder = path.join(options.outDir, dashboard.name);
  mkdirSync(folder, { recursive: true });
  const drawn = await Promise.all(
    panels.map(async (panel, index) => {
      const { series, rejected } = await panelSeries(options.prometheusUrl, panel, range);
      const emptyReason = rejected.length > 0 ? `Query rejected: ${rejected.join('; ').slice(0, 90)}` : undefined;
      const svg = renderPanelSvg(panel, series, {
        width,
        height,
        start: options.start,
        end: options.end,
        ...(emptyReason === undefined ? {} : { emptyReason }),
      });
      const file = path.join(folder, `${slugs[index]}.png`);
      writeFileSync(file, svgToPng(svg));
      return {
        svg,
        rendered: { dashboard: dashboard.name, panel: panel.title, file, series: series.length, rejected },
      };
    }),
  );
  const file = path.join(options.outDir, `${dashboard.name}.png`);
  const grid = composeGrid(
    dashboard.title,
    drawn.map((panel) => panel.svg),
    { columns: COLUMNS, cellWidth: width, cellHeight: height },
  );
  writeFileSync(file, svgToPng(grid));
  return { dashboard: dashboard.name, file, panels: drawn.map((panel) => panel.rendered) };
}

/**
 * Draws the chosen panels of each dashboard from a running Prometheus over [start, end]: one PNG per panel and one
 * per dashboard (its panels in a grid). Dashboards with no chosen panel are skipped. The queries are the panels' own
 * (dashboard-spec.ts), so the pictures show exactly what Grafana would.
 */
export async function renderDashboardImages(options: RenderDashboardsOptions): Promise<RenderedDashboard[]> {
  const dashboards = (options.dashboards ?? DASHBOARDS).filter(
    (dashboard) => chosenPanels(dashboard, options.panels).length > 0,
  );
  const rendered: RenderedDashboard[] = [];
  for (const dashboard of dashboards) rendered.push(await renderDashboard(dashboard, options));
  return rendered;
}
