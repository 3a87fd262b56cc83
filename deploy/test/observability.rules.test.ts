import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import type { AlertRule, RecordingRule, RuleGroup } from '../src/observability/rule-types';
import { RULE_GROUPS } from '../src/observability/rules';
import { ROOT } from './build-once';
import { ALERT_CASES, type AlertCase, type FiringScenario, type Scenario } from './support/alert-cases';
import { promtool } from './support/promtool';

const RULES_FILE = path.join(ROOT, 'deploy', 'observability', 'rules', 'regapi.rules.yml');
const ALERTS: AlertRule[] = RULE_GROUPS.flatMap((group) => group.rules).filter(
  (rule): rule is AlertRule => 'alert' in rule,
);
const RECORDINGS: RecordingRule[] = RULE_GROUPS.flatMap((group) => group.rules).filter(
  (rule): rule is RecordingRule => 'record' in rule,
);

/** `{{ $labels.x }}` as Prometheus renders it; the rules' annotations use nothing else. */
function renderAnnotation(text: string, labels: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{ \$labels\.(\w+) \}\}/g, (_match, key: string) => labels[key] ?? '');
}

function expectedAlert(rule: AlertRule, scenario: FiringScenario) {
  const labels = { ...scenario.labels, severity: rule.labels.severity };
  const annotations = Object.fromEntries(
    Object.entries(rule.annotations).map(([key, text]) => [key, renderAnnotation(text, labels)]),
  );
  return { exp_labels: labels, exp_annotations: annotations };
}

function promtoolTest(rule: AlertRule, scenario: Scenario, expected: ReturnType<typeof expectedAlert>[]) {
  return {
    name: `${rule.alert}: ${scenario.name}`,
    interval: '1m',
    input_series: scenario.input,
    alert_rule_test: [{ eval_time: scenario.evalTime, alertname: rule.alert, exp_alerts: expected }],
  };
}

function ruleTests(rule: AlertRule, cases: AlertCase) {
  return [
    ...cases.fires.map((scenario) => promtoolTest(rule, scenario, [expectedAlert(rule, scenario)])),
    ...cases.silent.map((scenario) => promtoolTest(rule, scenario, [])),
  ];
}

/** The recording rules `expr` reads, and those they read in turn. */
function recordingsRead(expr: string): Set<string> {
  const read = new Set<string>();
  const pending = [expr];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const recording of RECORDINGS) {
      if (!read.has(recording.record) && next.includes(recording.record)) {
        read.add(recording.record);
        pending.push(recording.expr);
      }
    }
  }
  return read;
}

/** The shipped groups reduced to one alert and the recordings it reads, each rule where the shipped file has it. */
function groupsFor(alert: AlertRule): RuleGroup[] {
  const read = recordingsRead(alert.expr);
  return RULE_GROUPS.map((group) => ({
    name: group.name,
    rules: group.rules.filter((rule) => ('alert' in rule ? rule === alert : read.has(rule.record))),
  })).filter((group) => group.rules.length > 0);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const headings = markdown.split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(
    headings.map((line) =>
      line
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

describe('the Prometheus rules', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'regapi-rules-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', RULES_FILE);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('are loaded by the example Prometheus configuration, which promtool accepts', () => {
    const checked = promtool('check', 'config', path.join(ROOT, 'deploy', 'observability', 'prometheus.yml'));
    expect({ status: checked.status, output: checked.status === 0 ? '' : checked.output }).toEqual({
      status: 0,
      output: '',
    });
    const rules = RULE_GROUPS.reduce((count, group) => count + group.rules.length, 0);
    expect(checked.output).toContain(`SUCCESS: ${rules} rules found`);
  });

  it('give every alert a case where it fires and one where it stays silent', () => {
    const covered = ALERT_CASES.filter((c) => c.fires.length > 0 && c.silent.length > 0).map((c) => c.alert);
    expect([...covered].sort()).toEqual(ALERTS.map((rule) => rule.alert).sort());
  });

  it('fire on the series that should fire them and stay silent otherwise (promtool test rules)', () => {
    // promtool evaluates every rule of its rule files at every step of every case: each alert's cases load only that
    // alert and the recordings it reads, in their groups and order, so a run costs one rule per step, not all of them.
    const files = ALERTS.flatMap((rule) => {
      const cases = ALERT_CASES.find((c) => c.alert === rule.alert);
      if (cases === undefined) return [];
      const rulesFile = path.join(dir, `${rule.alert}.rules.yml`);
      writeFileSync(rulesFile, stringify({ groups: groupsFor(rule) }, { lineWidth: 0 }));
      const testFile = path.join(dir, `${rule.alert}.test.yml`);
      const tests = ruleTests(rule, cases);
      writeFileSync(
        testFile,
        stringify({ rule_files: [rulesFile], evaluation_interval: '1m', tests }, { lineWidth: 0 }),
      );
      return [testFile];
    });
    expect(files).toHaveLength(ALERTS.length);
    const { status, output } = promtool('test', 'rules', ...files);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('give every alert a severity, a for and a runbook a pager opens: an https URL of a heading of docs/operations.md', () => {
    const anchors = headingAnchors(readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8'));
    for (const rule of ALERTS) {
      expect(['critical', 'warning']).toContain(rule.labels.severity);
      expect(rule.for).toMatch(/^\d+[mh]$/);
      const url = new URL(rule.annotations.runbook_url);
      expect(url.protocol).toBe('https:');
      expect(url.pathname.endsWith('/docs/operations.md')).toBe(true);
      const anchor = url.hash.slice(1);
      expect({ alert: rule.alert, anchorFound: anchors.has(anchor ?? '') }).toEqual({
        alert: rule.alert,
        anchorFound: true,
      });
    }
  });
});
