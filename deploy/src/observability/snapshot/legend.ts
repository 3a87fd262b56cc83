/**
 * A series' name as Grafana shows it: the query's legend template with `{{label}}` replaced by the label's value
 * (an absent label gives ''), or, with no template, its labels joined (`{product="matricula", class="ok"}`).
 */
export function seriesName(template: string, labels: Readonly<Record<string, string>>): string {
  if (template.trim() !== '') {
    return template.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (_match, key: string) => labels[key] ?? '');
  }
  const { __name__: metric = '', ...rest } = labels;
  const pairs = Object.entries(rest).map(([key, value]) => `${key}="${value}"`);
  if (pairs.length === 0) return metric === '' ? 'value' : metric;
  return `${metric}{${pairs.join(', ')}}`;
}
