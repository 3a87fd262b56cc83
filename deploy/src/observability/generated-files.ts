import { buildDashboard, type DashboardSpec, panelQueries } from './dashboard-spec';
import { moneyDashboard } from './money.dashboard';
import { ordersOriginDashboard } from './orders-origin.dashboard';
import { platformDashboard } from './platform.dashboard';
import { prometheusConfigYaml } from './prometheus-config';
import { rulesYaml } from './rules';
import { sloDashboard } from './slo.dashboard';

export const DASHBOARDS: readonly DashboardSpec[] = [
  ordersOriginDashboard,
  moneyDashboard,
  platformDashboard,
  sloDashboard,
];

export interface GeneratedFile {
  /** Relative to deploy/observability. */
  readonly path: string;
  readonly text: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Everything `pnpm observability` writes, in one list the generator and its test share. */
export function generatedFiles(): GeneratedFile[] {
  return [
    ...DASHBOARDS.map((spec) => ({ path: `dashboards/${spec.name}.json`, text: json(buildDashboard(spec)) })),
    { path: 'panel-queries.json', text: json(DASHBOARDS.flatMap(panelQueries)) },
    { path: 'rules/regapi.rules.yml', text: rulesYaml() },
    { path: 'prometheus.yml', text: prometheusConfigYaml() },
  ];
}
