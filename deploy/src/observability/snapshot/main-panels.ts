import type { DashboardSpec, PanelSpec } from '../dashboard-spec';

/**
 * The panels a snapshot draws, per dashboard name: what a reader of docs/operations.md should see first. `'all'` takes
 * every panel. Titles must name exactly one panel of their dashboard (`mainPanels` throws otherwise, and the render
 * test runs it over every dashboard), so renaming a panel cannot silently drop its picture.
 */
export const MAIN_PANELS: Readonly<Record<string, readonly string[] | 'all'>> = {
  'orders-origin': [
    'Accepted per product',
    'Finished per product and result class',
    'Queued orders',
    'Expected wait',
    'Searches in the last hour vs the ceiling',
    'Origin call latency',
    // The Monitoramentos row (decision 0168).
    'Watches',
    'Watch runs (last 24 h)',
    'Idle capacity used',
    'Late watch runs (last hour)',
  ],
  money: [
    'Debits per product',
    'Debited per product',
    'Refunds per product and class',
    'Refunded per product and class',
    'Refund rate',
    'Customer balances (liability)',
  ],
  platform: ['Request rate', 'Errors (5xx)', 'Duration p95', 'Outbox backlog', 'Event loop delay p99', 'Memory (RSS)'],
  slo: 'all',
};

export function mainPanels(dashboard: DashboardSpec): PanelSpec[] {
  const panels = dashboard.rows.flatMap((row) => row.panels);
  const chosen = MAIN_PANELS[dashboard.name] ?? [];
  if (chosen === 'all') return panels;
  return chosen.map((title) => {
    const [panel, ...others] = panels.filter((candidate) => candidate.title === title);
    if (panel === undefined || others.length > 0) {
      throw new Error(`MAIN_PANELS: "${title}" names ${others.length + (panel ? 1 : 0)} panels of ${dashboard.name}`);
    }
    return panel;
  });
}
