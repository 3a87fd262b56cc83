import { formatBrl } from '@regapi/br';
import * as echarts from 'echarts';
import type { ChartPoint } from './chart-data';

export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 320;

export interface Chart {
  readonly points: readonly ChartPoint[];
  /** Money in centavos (shown in reais) or a count. */
  readonly unit: 'centavos' | 'pedidos';
  /** Long category labels read better on a horizontal bar. */
  readonly horizontal?: boolean;
  /** A line instead of bars: a level over time (the balance), not amounts per day. */
  readonly line?: boolean;
}

/**
 * A bar or line chart as an SVG document, rendered on the server by echarts' SSR renderer (no DOM, no script; docs/decisions/0077).
 * echarts' SVG carries `style` attributes and a `<style>` element, which the page's CSP forbids inline, so the page
 * shows it through `<img src>` and the route serves it with its own CSP.
 */
export function chartSvg(chart: Chart): string {
  const values = chart.points.map((point) => (chart.unit === 'centavos' ? point.value / 100 : point.value));
  const labels = chart.points.map((point) => point.label);
  const valueAxis = {
    type: 'value' as const,
    minInterval: chart.unit === 'pedidos' ? 1 : 0,
    axisLabel: {
      color: '#1b1b1b',
      // Ticks are in reais (values above); back to whole centavos for the one rendering (decision 0113).
      formatter: (value: number) => (chart.unit === 'centavos' ? formatBrl(Math.round(value * 100)) : String(value)),
    },
  };
  const categoryAxis = { type: 'category' as const, data: labels, axisLabel: { color: '#1b1b1b' } };
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height: CHART_HEIGHT });
  try {
    instance.setOption({
      animation: false,
      backgroundColor: '#ffffff',
      grid: { left: chart.horizontal === true ? 200 : 80, right: 24, top: 24, bottom: 48 },
      xAxis: chart.horizontal === true ? valueAxis : categoryAxis,
      yAxis: chart.horizontal === true ? { ...categoryAxis, inverse: true } : valueAxis,
      series: [
        chart.line === true
          ? {
              type: 'line',
              data: values,
              symbol: 'none',
              lineStyle: { color: '#0b5cad', width: 2 },
              areaStyle: { color: '#dbe8f6' },
            }
          : { type: 'bar', data: values, itemStyle: { color: '#0b5cad' } },
      ],
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
