import { EVENT_METRICS as E, PROCESS_METRICS as P, SNAPSHOT_METRICS as S } from '@regapi/telemetry';
import { type DashboardSpec, query } from './dashboard-spec';
import { POSTGRES, RABBITMQ, RUNTIME_NODE, UP } from './external-metrics';
import {
  externalSeries,
  histogramSeries,
  increase,
  JOBS,
  labelOf,
  matcher,
  max,
  quantile,
  rate,
  series,
  snapshot,
  sum,
  TARGET,
  targetMatcher,
} from './promql';

const http = E.httpServerDuration;
const route = labelOf(http, 'http.route');
const queue = labelOf(E.deadLettered, 'queue');
const archiveProduct = labelOf(E.archiveDocuments, 'product');
const archiveOutcome = labelOf(E.archiveDocuments, 'outcome');
const webhookOutcome = labelOf(E.webhookAttemptDuration, 'outcome');
const { service, instance, job } = TARGET;
const regapi = targetMatcher('job', '=', JOBS.regapi);
const rabbitmq = targetMatcher('job', '=', JOBS.rabbitmq);
const postgres = targetMatcher('job', '=', JOBS.postgres);
const datname = 'datname';

export const platformDashboard: DashboardSpec = {
  name: 'platform',
  title: 'regapi / Platform',
  description:
    'Requests, errors and duration per service and route; the outbox and dead letters; the Node.js runtime; RabbitMQ and PostgreSQL.',
  rows: [
    {
      title: 'Requests (RED)',
      panels: [
        {
          title: 'Targets up',
          description:
            'Scrape targets answering, per job and service (regapi per service, RabbitMQ, the PostgreSQL exporter).',
          kind: 'stat',
          unit: 'short',
          width: 24,
          redBelow: 1,
          queries: [
            query(
              sum(externalSeries(UP, targetMatcher('job', '=~', Object.values(JOBS).join('|'))), job, service),
              `{{${job}}} {{${service}}}`,
            ),
          ],
        },
        {
          title: 'Request rate',
          description: 'HTTP requests per second, per service and route template.',
          kind: 'timeseries',
          unit: 'reqps',
          queries: [query(sum(rate(histogramSeries(http, 'count')), service, route), `{{${service}}} {{${route}}}`)],
        },
        {
          title: 'Errors (5xx)',
          description: 'HTTP requests answered with a 5xx, per second, per service and route template.',
          kind: 'timeseries',
          unit: 'reqps',
          queries: [
            query(
              sum(
                rate(histogramSeries(http, 'count', matcher(http, 'http.response.status_code', '=~', '5..'))),
                service,
                route,
              ),
              `{{${service}}} {{${route}}}`,
              false,
            ),
          ],
        },
        {
          title: 'Duration p95',
          description: '95th percentile of HTTP request duration, per service and route template.',
          kind: 'timeseries',
          unit: 's',
          queries: [query(quantile(0.95, http, [service, route]), `{{${service}}} {{${route}}}`)],
        },
      ],
    },
    {
      title: 'Pipeline',
      panels: [
        {
          title: 'Outbox backlog',
          description: 'Outbox messages the broker has not confirmed yet (docs/operations.md, Messages).',
          kind: 'timeseries',
          unit: 'short',
          queries: [query(snapshot(S.outboxBacklog), 'backlog')],
        },
        {
          title: 'Oldest outbox message',
          description: 'Age of the oldest unconfirmed outbox message (alert OutboxLag past 5 minutes).',
          kind: 'timeseries',
          unit: 's',
          queries: [query(snapshot(S.outboxOldestAge), 'oldest')],
        },
        {
          title: 'Scheduled messages overdue',
          description: 'Scheduled messages due more than a minute ago and not sent.',
          kind: 'timeseries',
          unit: 'short',
          queries: [query(snapshot(S.scheduledOverdue), 'overdue')],
        },
        {
          title: 'Dead-lettered (last hour)',
          description:
            'Messages moved from a dead-letter queue into the dead_letter table in the last hour, per queue.',
          kind: 'timeseries',
          unit: 'short',
          // Exists only once something failed every delivery allowed.
          queries: [query(sum(increase(series(E.deadLettered), '1h'), queue), `{{${queue}}}`, false)],
        },
        {
          title: 'Dead letters pending',
          description: 'Dead letters kept in PostgreSQL, not re-driven or discarded (alert DeadLettersPending).',
          kind: 'stat',
          unit: 'short',
          redFrom: 1,
          queries: [query(snapshot(S.deadLettersPending), 'pending')],
        },
        {
          title: 'Pipeline snapshot',
          description: 'Age of the snapshot the pipeline gauges come from, and how long computing it took.',
          kind: 'timeseries',
          unit: 's',
          queries: [query(snapshot(S.snapshotAge), 'age'), query(snapshot(S.snapshotDuration), 'duration')],
        },
        {
          title: 'Archived documents',
          description: 'Documents handled by the archive in the last hour, by product and outcome.',
          kind: 'timeseries',
          unit: 'short',
          width: 12,
          queries: [
            query(
              sum(increase(series(E.archiveDocuments), '1h'), archiveProduct, archiveOutcome),
              `{{${archiveProduct}}} {{${archiveOutcome}}}`,
            ),
          ],
        },
        {
          title: 'Archived bytes',
          description: 'Bytes of documents stored by the archive per second, by product.',
          kind: 'timeseries',
          unit: 'Bps',
          width: 12,
          queries: [
            query(sum(rate(series(E.archiveBytes)), labelOf(E.archiveBytes, 'product')), `{{${archiveProduct}}}`),
          ],
        },
      ],
    },
    {
      title: 'Webhooks',
      panels: [
        {
          title: 'Delivery attempts',
          description:
            'Webhook delivery attempts per second, by outcome: delivered (2xx), http_error (another status), no_answer (refused, unreachable, timeout).',
          kind: 'timeseries',
          unit: 'reqps',
          // Exists only once an attempt was made.
          queries: [
            query(
              sum(rate(histogramSeries(E.webhookAttemptDuration, 'count')), webhookOutcome),
              `{{${webhookOutcome}}}`,
              false,
            ),
          ],
        },
        {
          title: 'Attempt duration p95',
          description: "95th percentile of an attempt's duration, by outcome (the sender gives up after 10 s).",
          kind: 'timeseries',
          unit: 's',
          queries: [query(quantile(0.95, E.webhookAttemptDuration, [webhookOutcome]), `{{${webhookOutcome}}}`, false)],
        },
        {
          title: 'Pending deliveries',
          description:
            'Deliveries waiting to be sent to an enabled endpoint, and the age of the oldest (alert WebhookDeliveriesLate past 6 hours).',
          kind: 'timeseries',
          unit: 's',
          queries: [
            query(snapshot(S.webhooksOldestPendingAge), 'oldest (s)'),
            query(snapshot(S.webhooksPending), 'pending'),
          ],
        },
      ],
    },
    {
      title: 'Node.js runtime',
      panels: [
        {
          title: 'Event loop delay p99',
          description: 'Worst p99 event-loop delay among the replicas of each service.',
          kind: 'timeseries',
          unit: 's',
          queries: [query(max(externalSeries(RUNTIME_NODE.eventLoopDelayP99, regapi), service), `{{${service}}}`)],
        },
        {
          title: 'Event loop utilization',
          description: 'Share of time the event loop was busy, worst replica of each service.',
          kind: 'timeseries',
          unit: 'percentunit',
          queries: [query(max(externalSeries(RUNTIME_NODE.eventLoopUtilization, regapi), service), `{{${service}}}`)],
        },
        {
          title: 'CPU',
          description: 'CPU used per process (1 = one core), user and system together.',
          kind: 'timeseries',
          unit: 'percentunit',
          queries: [query(sum(rate(series(P.cpuTime, regapi)), service, instance), `{{${service}}} {{${instance}}}`)],
        },
        {
          title: 'Memory (RSS)',
          description: 'Resident memory per process.',
          kind: 'timeseries',
          unit: 'bytes',
          queries: [query(sum(series(P.memoryUsage, regapi), service, instance), `{{${service}}} {{${instance}}}`)],
        },
        {
          title: 'V8 heap used',
          description: 'JavaScript heap in use per process, all heap spaces together.',
          kind: 'timeseries',
          unit: 'bytes',
          queries: [
            query(
              sum(externalSeries(RUNTIME_NODE.heapUsed, regapi), service, instance),
              `{{${service}}} {{${instance}}}`,
            ),
          ],
        },
        {
          title: 'Time in garbage collection',
          description: 'Share of time spent in GC pauses per service.',
          kind: 'timeseries',
          unit: 'percentunit',
          queries: [query(sum(rate(externalSeries(RUNTIME_NODE.gcDurationSum, regapi)), service), `{{${service}}}`)],
        },
      ],
    },
    {
      title: 'RabbitMQ',
      panels: [
        {
          title: 'Messages ready',
          description: 'Messages waiting for a consumer (per queue when per-object metrics are on).',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [query(sum(externalSeries(RABBITMQ.queueMessagesReady, rabbitmq), 'queue'), '{{queue}}')],
        },
        {
          title: 'Messages unacknowledged',
          description: 'Messages delivered to a consumer and not yet acknowledged.',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [query(sum(externalSeries(RABBITMQ.queueMessagesUnacked, rabbitmq), 'queue'), '{{queue}}')],
        },
        {
          title: 'Consumers',
          description: 'Consumers attached to the queues: 0 on a queue means nothing processes it.',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [query(sum(externalSeries(RABBITMQ.queueConsumers, rabbitmq), 'queue'), '{{queue}}')],
        },
        {
          title: 'Connections',
          description: 'Open AMQP connections to the broker.',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [query(sum(externalSeries(RABBITMQ.connections, rabbitmq)), 'connections')],
        },
      ],
    },
    {
      title: 'PostgreSQL',
      panels: [
        {
          title: 'PostgreSQL up',
          description: 'Whether the exporter reaches the database (pg_up).',
          kind: 'stat',
          unit: 'short',
          width: 6,
          redBelow: 1,
          queries: [query(`min(${externalSeries(POSTGRES.up, postgres)})`, 'pg_up')],
        },
        {
          title: 'Connections',
          description: 'Backends per database, against max_connections.',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [
            query(sum(externalSeries(POSTGRES.backends, postgres), datname), `{{${datname}}}`),
            query(max(externalSeries(POSTGRES.maxConnections, postgres)), 'max_connections'),
          ],
        },
        {
          title: 'Transactions',
          description: 'Commits and rollbacks per second, per database.',
          kind: 'timeseries',
          unit: 'ops',
          width: 6,
          queries: [
            query(sum(rate(externalSeries(POSTGRES.commits, postgres)), datname), `commit {{${datname}}}`),
            query(sum(rate(externalSeries(POSTGRES.rollbacks, postgres)), datname), `rollback {{${datname}}}`),
          ],
        },
        {
          title: 'Deadlocks (last hour)',
          description: 'Deadlocks PostgreSQL detected in the last hour, per database.',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [
            query(sum(increase(externalSeries(POSTGRES.deadlocks, postgres), '1h'), datname), `{{${datname}}}`),
          ],
        },
      ],
    },
  ],
};
