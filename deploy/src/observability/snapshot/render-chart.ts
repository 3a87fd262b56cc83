import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import type { PanelSpec } from '../dashboard-spec';
import { CHART_FONT, type ChartOptions, chartOption, type NamedSeries } from './chart-option';

export type { ChartOptions, NamedSeries } from './chart-option';

/** The panel as an SVG document, drawn by ECharts' server-side renderer (no DOM, no canvas). */
export function renderPanelSvg(panel: PanelSpec, series: readonly NamedSeries[], options: ChartOptions = {}): string {
  const width = options.width ?? 800;
  const height = options.height ?? 400;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(chartOption(panel, series, options, width));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** An SVG document as a PNG on white, with the system's DejaVu fonts (Debian's fonts-dejavu-core). */
export function svgToPng(svg: string): Buffer {
  const image = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: CHART_FONT }, background: 'white' });
  return image.render().asPng();
}

/**
 * The panel's series as a PNG chart: the title, the y axis in the panel's unit, a UTC time axis, a legend; "No data"
 * (or `emptyReason`) when there is nothing to draw. Pure: no I/O, throws only on a bug.
 */
export function renderPanelPng(panel: PanelSpec, series: readonly NamedSeries[], options: ChartOptions = {}): Buffer {
  return svgToPng(renderPanelSvg(panel, series, options));
}
