import type { Response } from 'express';
import type { ConsoleArea } from '../console-context';
import { CHART_PERIODS, type ChartData, chartData, parseChartPeriod } from '../money/chart-data';
import { chartSvg } from '../money/chart-svg';
import { chartsPage } from '../money/charts-page';
import { messagePage } from '../page-frame';
import { sendPage } from '../respond';
import { viewerOf } from '../session-guard';
import { dataDb } from '../test-mode';

/**
 * The SVG of a chart is a document of its own, shown by `<img>`: its CSP allows echarts' inline styles and nothing
 * else (no script, no fetch); an SVG image never runs script anyway.
 */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

const CHARTS: Readonly<Record<string, (data: ChartData) => string>> = {
  'gasto-por-dia': (data) =>
    chartSvg({
      // `2026-11-24` → `24/11`: the axis is the period's days.
      points: data.spendPerDay.map((point) => ({
        ...point,
        label: `${point.label.slice(8)}/${point.label.slice(5, 7)}`,
      })),
      unit: 'centavos',
    }),
  'gasto-por-produto': (data) => chartSvg({ points: data.spendPerProduct, unit: 'centavos', horizontal: true }),
  'saldo-por-dia': (data) =>
    chartSvg({
      points: data.balancePerDay.map((point) => ({
        ...point,
        label: `${point.label.slice(8)}/${point.label.slice(5, 7)}`,
      })),
      unit: 'centavos',
      line: true,
    }),
  'pedidos-por-classe': (data) => chartSvg({ points: data.ordersPerClass, unit: 'pedidos', horizontal: true }),
};

function badPeriod(res: Response): void {
  sendPage(
    res,
    400,
    messagePage('Período inválido', `Escolha um período de ${CHART_PERIODS.join(' ou ')} dias.`, viewerOf(res)),
  );
}

/** GET /graficos?dias=30|90 and its charts' SVG (issue 15; docs/decisions/0077), for roles with `money:read`. */
export const chartsArea: ConsoleArea = (router, context) => {
  router.get('/graficos', ...context.guard.page('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const days = parseChartPeriod(req.query.dias);
    if (days === undefined) {
      badPeriod(res);
      return;
    }
    const now = context.clock.now();
    sendPage(res, 200, chartsPage(viewer, await chartData(dataDb(context, viewer), viewer.accountId, days, now)));
  });

  router.get('/graficos/:grafico.svg', ...context.guard.page('money:read'), async (req, res) => {
    const viewer = viewerOf(res);
    const draw = Object.hasOwn(CHARTS, String(req.params.grafico)) ? CHARTS[String(req.params.grafico)] : undefined;
    const days = parseChartPeriod(req.query.dias);
    if (draw === undefined) {
      sendPage(res, 404, messagePage('Página não encontrada', 'Este gráfico não existe.', viewer));
      return;
    }
    if (days === undefined) {
      badPeriod(res);
      return;
    }
    const svg = draw(await chartData(dataDb(context, viewer), viewer.accountId, days, context.clock.now()));
    res.setHeader('Content-Security-Policy', SVG_CSP);
    res.status(200).type('image/svg+xml').send(svg);
  });
};
