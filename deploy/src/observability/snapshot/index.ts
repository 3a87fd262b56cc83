export type { ChartOptions, NamedSeries } from './chart-option';
export { seriesName } from './legend';
export { MAIN_PANELS, mainPanels } from './main-panels';
export { type PanelSeries, panelSeries } from './prometheus-range';
export { renderPanelPng, renderPanelSvg, svgToPng } from './render-chart';
export {
  panelSlug,
  type RenderDashboardsOptions,
  type RenderedDashboard,
  type RenderedPanel,
  renderDashboardImages,
} from './render-dashboards';
export { DEFAULT_SNAPSHOT_DIR, parseSnapshotArgs, SnapshotUsageError, snapshotDashboards } from './snapshot-cli';
export { formatValue } from './unit-format';
