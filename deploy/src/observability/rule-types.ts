/** Prometheus rule files as data (https://prometheus.io/docs/prometheus/latest/configuration/alerting_rules/). */

export type Severity = 'critical' | 'warning';

export interface AlertRule {
  readonly alert: string;
  readonly expr: string;
  readonly for: string;
  readonly labels: { readonly severity: Severity };
  readonly annotations: {
    readonly summary: string;
    readonly description: string;
    readonly runbook_url: string;
  };
}

export interface RecordingRule {
  readonly record: string;
  readonly expr: string;
}

export interface RuleGroup {
  readonly name: string;
  readonly rules: readonly (AlertRule | RecordingRule)[];
}

/**
 * Where a pager opens the runbooks: docs/operations.md as the repository's web host renders it (decision 0153). The one
 * place that names it; a deployment that publishes the docs elsewhere changes it here and runs `pnpm observability`.
 */
export const RUNBOOKS_URL = 'https://github.com/regapi/regapi/blob/main/docs/operations.md';

/** Every alert's runbook is a heading of docs/operations.md named after the alert (a test checks it exists). */
export function runbookUrl(alert: string): string {
  return `${RUNBOOKS_URL}#${alert.toLowerCase()}`;
}

export interface AlertDefinition {
  readonly alert: string;
  readonly severity: Severity;
  /** How long the condition holds before the alert fires. */
  readonly for: string;
  readonly expr: string;
  readonly summary: string;
  /** What it means and the first thing to look at; the runbook says the rest. */
  readonly description: string;
}

export function alertRule(definition: AlertDefinition): AlertRule {
  const { alert, severity, expr, summary, description } = definition;
  return {
    alert,
    expr,
    for: definition.for,
    labels: { severity },
    annotations: { summary, description, runbook_url: runbookUrl(alert) },
  };
}
