import { POSTGRES, UP } from './external-metrics';
import { externalSeries, JOBS, targetMatcher } from './promql';
import { type AlertRule, alertRule } from './rule-types';

export const PLATFORM_ALERTS: readonly AlertRule[] = [
  alertRule({
    alert: 'ServiceDown',
    severity: 'critical',
    for: '2m',
    expr: `${externalSeries(UP, targetMatcher('job', '=~', Object.values(JOBS).join('|')))} == 0`,
    summary: '{{ $labels.job }} {{ $labels.service }} at {{ $labels.instance }} does not answer its scrape.',
    description:
      'Prometheus could not scrape {{ $labels.instance }} for 2 minutes: the process is down, restarting or unreachable.',
  }),
  alertRule({
    alert: 'DatabaseDown',
    severity: 'critical',
    for: '1m',
    expr: `${externalSeries(POSTGRES.up, targetMatcher('job', '=', JOBS.postgres))} == 0`,
    summary: 'The PostgreSQL exporter cannot reach the database.',
    description: 'pg_up is 0: every service answers 503 with Retry-After and waits for the database (decision 0058).',
  }),
];
