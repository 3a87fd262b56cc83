import { buildDashboard, type DashboardSpec, panelQueries } from './dashboard-spec';
import { K8S_OBSERVABILITY_DIR, observabilityKustomizationYaml, prometheusRuleYaml } from './k8s-observability';
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
  /** Relative to the repository's root. */
  readonly path: string;
  readonly text: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const OBSERVABILITY_DIR = 'deploy/observability';

/**
 * Everything `pnpm observability` writes, in one list the generator and its test share: the files of
 * deploy/observability, and their copies as Kubernetes objects under k8s/base/observability.
 */
export function generatedFiles(): GeneratedFile[] {
  const dashboards = DASHBOARDS.map((spec) => ({ name: spec.name, text: json(buildDashboard(spec)) }));
  return [
    ...dashboards.map(({ name, text }) => ({ path: `${OBSERVABILITY_DIR}/dashboards/${name}.json`, text })),
    { path: `${OBSERVABILITY_DIR}/panel-queries.json`, text: json(DASHBOARDS.flatMap(panelQueries)) },
    { path: `${OBSERVABILITY_DIR}/rules/regapi.rules.yml`, text: rulesYaml() },
    { path: `${OBSERVABILITY_DIR}/prometheus.yml`, text: prometheusConfigYaml() },
    ...dashboards.map(({ name, text }) => ({ path: `${K8S_OBSERVABILITY_DIR}/dashboards/${name}.json`, text })),
    { path: `${K8S_OBSERVABILITY_DIR}/prometheus-rule.yaml`, text: prometheusRuleYaml() },
    { path: `${K8S_OBSERVABILITY_DIR}/kustomization.yaml`, text: observabilityKustomizationYaml(DASHBOARDS) },
  ];
}
