import { type DashboardSpec, type PanelSpec, query, type RowSpec } from './dashboard-spec';
import {
  AVAILABILITY_OBJECTIVE,
  BURN_RATE_ALERTS,
  errorBudget,
  errorRatio,
  LATENCY_OBJECTIVE,
  LATENCY_THRESHOLD_S,
  SLO_RATIO_WINDOWS,
  SLO_WINDOW,
  slowRatio,
} from './slo';

interface Objective {
  readonly name: string;
  readonly objective: number;
  /** The share of bad requests over a window (5xx, or slower than the threshold). */
  readonly badRatio: (window: string) => string;
  readonly good: string;
}

const percent = (ratio: number) => `${Number((ratio * 100).toFixed(2))} %`;

function objectiveRow(slo: Objective): RowSpec {
  const budget = errorBudget(slo.objective);
  const panels: PanelSpec[] = [
    {
      title: `${slo.name} over ${SLO_WINDOW}`,
      description: `Share of API requests ${slo.good} over the SLO window; objective ${percent(slo.objective)}.`,
      kind: 'stat',
      unit: 'percentunit',
      width: 6,
      redBelow: slo.objective,
      queries: [query(`1 - (${slo.badRatio(SLO_WINDOW)})`, slo.name.toLowerCase())],
    },
    {
      title: `${slo.name} error budget remaining`,
      description: `Share of the ${SLO_WINDOW} error budget (${percent(budget)} of requests) not yet spent; below 0 the objective is missed.`,
      kind: 'stat',
      unit: 'percentunit',
      width: 6,
      redBelow: 0,
      queries: [query(`1 - (${slo.badRatio(SLO_WINDOW)}) / ${budget}`, 'budget remaining')],
    },
    {
      title: `${slo.name} burn rate`,
      description: `How fast the budget burns (1 = exactly spent in ${SLO_WINDOW}). Alerts at ${BURN_RATE_ALERTS.map((a) => `${a.factor} over ${a.long} and ${a.short}`).join('; ')}.`,
      kind: 'timeseries',
      unit: 'short',
      width: 12,
      min: 0,
      queries: SLO_RATIO_WINDOWS.map((window) => query(`(${slo.badRatio(window)}) / ${budget}`, window)),
    },
  ];
  return { title: `${slo.name}: ${percent(slo.objective)} of requests ${slo.good} over ${SLO_WINDOW}`, panels };
}

export const sloDashboard: DashboardSpec = {
  name: 'slo',
  title: 'regapi / SLO',
  description:
    'Availability and latency of the API against their objectives (decision 0063): budget left and burn rate.',
  rows: [
    objectiveRow({
      name: 'Availability',
      objective: AVAILABILITY_OBJECTIVE,
      badRatio: errorRatio,
      good: 'answered without a 5xx',
    }),
    objectiveRow({
      name: 'Latency',
      objective: LATENCY_OBJECTIVE,
      badRatio: slowRatio,
      good: `answered within ${Number(LATENCY_THRESHOLD_S) * 1000} ms`,
    }),
  ],
};
