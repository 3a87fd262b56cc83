import { formatBrl } from '@regapi/br';
import type { ConsoleSession } from '../../auth';
import { html } from '../html';
import { consolePage } from '../page-frame';
import { CHART_PERIODS, type ChartData, type ChartPoint } from './chart-data';
import { CHART_HEIGHT, CHART_WIDTH } from './chart-svg';

interface Figure {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly column: string;
  readonly points: readonly ChartPoint[];
  readonly money: boolean;
}

function figure(figureOf: Figure, days: number): string {
  const rows = figureOf.points.map(
    (point) =>
      html`<tr><th scope="row">${point.label}</th><td class="valor">${figureOf.money ? formatBrl(point.value) : String(point.value)}</td></tr>`,
  );
  const total = figureOf.points.reduce((sum, point) => sum + point.value, 0);
  const totalText = figureOf.money ? formatBrl(total) : String(total);
  return html`<section aria-labelledby="titulo-${figureOf.id}">
<h2 id="titulo-${figureOf.id}">${figureOf.title}</h2>
<figure class="grafico">
<img id="grafico-${figureOf.id}" src="/graficos/${figureOf.id}.svg?dias=${days}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" alt="${figureOf.title} nos últimos ${days} dias: total ${totalText}. Os números estão na tabela abaixo.">
<figcaption>${figureOf.description} Total: ${totalText}.</figcaption>
</figure>
<details>
<summary>Números de “${figureOf.title}”</summary>
<table id="tabela-${figureOf.id}">
<caption>${figureOf.title}, últimos ${days} dias</caption>
<thead><tr><th scope="col">${figureOf.column}</th><th scope="col" class="valor">${figureOf.money ? 'Gasto' : 'Pedidos'}</th></tr></thead>
<tbody>!${rows.join('')}</tbody>
</table>
</details>
</section>`;
}

export function chartsPage(viewer: ConsoleSession, data: ChartData): string {
  const periods = CHART_PERIODS.map((days) =>
    days === data.days
      ? html`<option value="${days}" selected>Últimos ${days} dias</option>`
      : html`<option value="${days}">Últimos ${days} dias</option>`,
  );
  const figures: Figure[] = [
    {
      id: 'gasto-por-dia',
      title: 'Gasto por dia',
      description: 'Débitos de pedidos menos estornos, por dia no horário de Brasília.',
      column: 'Dia',
      points: data.spendPerDay.map((point) => ({ label: brDay(point.label), value: point.value })),
      money: true,
    },
    {
      id: 'gasto-por-produto',
      title: 'Gasto por produto',
      description: 'Débitos de pedidos menos estornos, por produto.',
      column: 'Produto',
      points: data.spendPerProduct,
      money: true,
    },
    {
      id: 'pedidos-por-classe',
      title: 'Pedidos por classe de resultado',
      description: 'Pedidos feitos no período, pela classe do código de resultado (em_andamento: ainda sem resultado).',
      column: 'Classe',
      points: data.ordersPerClass,
      money: false,
    },
  ];
  return consolePage(
    'Gráficos',
    html`<h1>Gráficos</h1>
<form method="get" action="/graficos" class="filtros" aria-label="Período dos gráficos">
<p class="campo"><label for="periodo">Período</label><select id="periodo" name="dias">!${periods.join('')}</select></p>
<button type="submit">Mostrar</button>
</form>
!${figures.map((item) => figure(item, data.days)).join('')}`,
    { viewer, current: '/graficos' },
  );
}

function brDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}/${month}/${year}`;
}
