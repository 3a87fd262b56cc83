import type { PanelSpec } from '../dashboard-spec';
import { formatValue } from './unit-format';

/** A series ready to draw: its legend name and its samples as [unix seconds, value]. */
export interface NamedSeries {
  readonly name: string;
  readonly points: readonly (readonly [number, number])[];
}

export interface ChartOptions {
  /** Pixels; default 800 × 400. */
  readonly width?: number;
  readonly height?: number;
  /** The time range in unix seconds, so charts of one run share their x axis; default: the data's own range. */
  readonly start?: number;
  readonly end?: number;
  /** Shown in place of "No data" when there is nothing to draw for a reason (a query Prometheus rejected). */
  readonly emptyReason?: string;
}

export const CHART_FONT = 'DejaVu Sans';
const THRESHOLD_COLOR = '#d44a3a';
/** A legend of more lines than this would hide the chart: the series with the largest values are kept. */
const MAX_SERIES = 10;

const largest = (series: NamedSeries): number =>
  Math.max(...series.points.map(([, value]) => (Number.isFinite(value) ? Math.abs(value) : 0)), 0);

function shownSeries(series: readonly NamedSeries[]): NamedSeries[] {
  if (series.length <= MAX_SERIES) return [...series];
  const kept = new Set([...series].sort((a, b) => largest(b) - largest(a)).slice(0, MAX_SERIES));
  return series.filter((entry) => kept.has(entry));
}

/** Stat panels read as their last value: it goes in the legend, the line shows how it got there. */
function legendName(panel: PanelSpec, series: NamedSeries): string {
  if (panel.kind !== 'stat') return series.name;
  const last = series.points.findLast(([, value]) => Number.isFinite(value));
  return last === undefined ? series.name : `${series.name}: ${formatValue(panel.unit, last[1])}`;
}

/** Rows the legend takes at the bottom, estimated from the names' length (SSR has no real text measure). */
function legendRows(names: readonly string[], width: number): number {
  const lineWidth = names.reduce((sum, name) => sum + name.length * 6.5 + 40, 0);
  return Math.max(1, Math.ceil(lineWidth / (width - 40)));
}

function timeRange(series: readonly NamedSeries[], options: ChartOptions): { start: number; end: number } {
  const times = series.flatMap((entry) => entry.points.map(([time]) => time));
  return { start: options.start ?? Math.min(...times), end: options.end ?? Math.max(...times) };
}

function spanS(series: readonly NamedSeries[], options: ChartOptions): number {
  const { start, end } = timeRange(series, options);
  return Number.isFinite(end - start) ? end - start : 0;
}

/**
 * The panel's red threshold as a dashed line series across the range, named in the legend. A series rather than an
 * ECharts markLine: the axis then stretches to include it, and ECharts 6 drops a markLine on a scaled axis.
 */
function thresholdSeries(panel: PanelSpec, series: readonly NamedSeries[], options: ChartOptions) {
  const red = panel.redFrom ?? panel.redBelow;
  if (red === undefined) return [];
  const { start, end } = timeRange(series, options);
  return [
    {
      type: 'line',
      name: `${panel.redFrom !== undefined ? 'red from' : 'red below'} ${formatValue(panel.unit, red)}`,
      color: THRESHOLD_COLOR,
      showSymbol: false,
      lineStyle: { width: 1, type: 'dashed' },
      data: [
        [start * 1000, red],
        [end * 1000, red],
      ],
    },
  ];
}

function lineSeries(panel: PanelSpec, series: readonly NamedSeries[]) {
  return series.map((entry) => ({
    type: 'line',
    name: legendName(panel, entry),
    showSymbol: entry.points.length < 3,
    lineStyle: { width: 1.5 },
    // Prometheus's NaN and ±Inf are gaps, as in Grafana.
    data: entry.points.map(([time, value]) => [time * 1000, Number.isFinite(value) ? value : null]),
  }));
}

const noData = (text: string) => ({
  type: 'text',
  left: 'center',
  top: 'middle',
  style: { text, fontSize: 16, fill: '#888', fontFamily: CHART_FONT },
});

/**
 * The ECharts option drawing one panel like Grafana would: its title, line series named by their legend, the y axis
 * in the panel's unit (fitted to the data unless the panel sets min/max), times in UTC whatever the machine's zone.
 */
export function chartOption(panel: PanelSpec, all: readonly NamedSeries[], options: ChartOptions, width: number) {
  const shown = shownSeries(all).filter((entry) => entry.points.length > 0);
  const hidden = all.length - shownSeries(all).length;
  const empty = shown.length === 0;
  const series = empty ? [] : [...lineSeries(panel, shown), ...thresholdSeries(panel, shown, options)];
  const rows = empty
    ? 0
    : legendRows(
        series.map((entry) => entry.name),
        width,
      );
  return {
    animation: false,
    useUTC: true,
    textStyle: { fontFamily: CHART_FONT },
    title: {
      text: panel.title,
      subtext: hidden > 0 ? `${hidden} more series not shown` : '',
      left: 'center',
      top: 6,
      textStyle: { fontSize: 15 },
    },
    legend: empty
      ? { show: false }
      : { bottom: 4, icon: 'roundRect', itemWidth: 14, itemGap: 22, textStyle: { fontSize: 11 } },
    grid: { left: 16, right: 28, top: hidden > 0 ? 58 : 44, bottom: 14 + rows * 22, containLabel: true },
    xAxis: {
      type: 'time',
      ...(options.start === undefined ? {} : { min: options.start * 1000 }),
      ...(options.end === undefined ? {} : { max: options.end * 1000 }),
      splitNumber: 6,
      // Seconds only when the run is short enough for minutes to repeat along the axis.
      axisLabel: { formatter: spanS(all, options) < 600 ? '{HH}:{mm}:{ss}' : '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      // As Grafana: the axis fits the data rather than starting at zero, unless the panel sets a min.
      scale: true,
      ...(panel.min === undefined ? {} : { min: panel.min }),
      ...(panel.max === undefined ? {} : { max: panel.max }),
      axisLabel: { formatter: (value: number) => formatValue(panel.unit, value) },
    },
    series,
    graphic: empty ? [noData(options.emptyReason ?? 'No data')] : [],
  };
}
