import { EVENT_METRICS as E, SNAPSHOT_METRICS as S } from '@regapi/telemetry';
import { type DashboardSpec, query } from './dashboard-spec';
import { histogramSeries, increase, labelOf, quantile, rate, series, snapshot, sum } from './promql';

const product = labelOf(E.ordersAccepted, 'product');
const resultClass = labelOf(E.ordersFinished, 'class');
const operation = labelOf(E.originCallDuration, 'operation');
const outcome = labelOf(E.originCallDuration, 'outcome');
const loginOutcome = labelOf(E.originLogins, 'outcome');
const state = labelOf(E.originSessionState, 'state');
const watchOutcome = labelOf(E.certificateWatchChecks, 'outcome');
const watchEstado = labelOf(S.watches, 'estado');
const watchTipo = labelOf(S.watches, 'tipo');
const runOutcome = labelOf(S.watchRunsLastDay, 'outcome');

/** Orders are few (the origin allows 50 searches an hour): per minute reads better than per second. */
const perMinute = (expr: string) => `${expr} * 60`;

export const ordersOriginDashboard: DashboardSpec = {
  name: 'orders-origin',
  title: 'regapi / Orders & origin',
  description:
    'Orders through the pipeline, the queue before the origin, the origin itself and what is out of service.',
  rows: [
    {
      title: 'Orders',
      panels: [
        {
          title: 'Accepted per product',
          description: 'Paid executions accepted (debited and queued), per minute.',
          kind: 'timeseries',
          unit: 'opm',
          width: 12,
          queries: [query(perMinute(sum(rate(series(E.ordersAccepted)), product)), `{{${product}}}`)],
        },
        {
          title: 'Finished per product and result class',
          description:
            'Orders that reached their final result, per minute, by product and result class (contract 7.3).',
          kind: 'timeseries',
          unit: 'opm',
          width: 12,
          queries: [
            query(
              perMinute(sum(rate(series(E.ordersFinished)), product, resultClass)),
              `{{${product}}} {{${resultClass}}}`,
            ),
          ],
        },
      ],
    },
    {
      title: 'Queue before the origin',
      panels: [
        {
          title: 'Queued orders',
          description: 'Orders accepted and not yet started at the origin, per product.',
          kind: 'timeseries',
          unit: 'short',
          queries: [query(snapshot(S.queuedOrders, product), `{{${product}}}`)],
        },
        {
          title: 'Oldest queued order',
          description: 'Age of the oldest order waiting for the origin, per product (0 when none waits).',
          kind: 'timeseries',
          unit: 's',
          queries: [query(snapshot(S.queueOldestAge, product), `{{${product}}}`)],
        },
        {
          title: 'Expected wait',
          description: 'What consultar_daqui_s would tell a new order of each product now: the wait before it starts.',
          kind: 'timeseries',
          unit: 's',
          queries: [query(snapshot(S.expectedWait, product), `{{${product}}}`)],
        },
      ],
    },
    {
      title: 'Origin',
      panels: [
        {
          title: 'Searches in the last hour vs the ceiling',
          description:
            'Searches started at the origin in the rolling hour, against the account ceiling (contract 8: 50).',
          kind: 'timeseries',
          unit: 'short',
          min: 0,
          queries: [
            query(snapshot(S.searchesLastHour), 'searches (rolling hour)'),
            query(snapshot(S.searchCeiling), 'ceiling'),
          ],
        },
        {
          title: 'Origin call latency',
          description: 'p50 and p95 of calls to the origin portal, by operation (a search takes ~72 s at p50).',
          kind: 'timeseries',
          unit: 's',
          queries: [
            query(quantile(0.5, E.originCallDuration, [operation]), `p50 {{${operation}}}`),
            query(quantile(0.95, E.originCallDuration, [operation]), `p95 {{${operation}}}`),
          ],
        },
        {
          title: 'Origin calls by outcome',
          description: 'Calls to the origin per minute, by operation and outcome.',
          kind: 'timeseries',
          unit: 'opm',
          queries: [
            query(
              perMinute(sum(rate(histogramSeries(E.originCallDuration, 'count')), operation, outcome)),
              `{{${operation}}} {{${outcome}}}`,
            ),
          ],
        },
        {
          title: 'Origin session state',
          description: 'Replicas of origin-session in each state: exactly one should be active_logged_in.',
          kind: 'timeseries',
          unit: 'short',
          width: 12,
          queries: [query(sum(series(E.originSessionState), state), `{{${state}}}`)],
        },
        {
          title: 'Origin logins',
          description: 'Logins to the origin in the last hour, by outcome (ok, refused, unavailable).',
          kind: 'timeseries',
          unit: 'short',
          width: 12,
          queries: [query(sum(increase(series(E.originLogins), '1h'), loginOutcome), `{{${loginOutcome}}}`)],
        },
      ],
    },
    {
      title: 'Out of service',
      panels: [
        {
          title: 'Products in service',
          description: '1 in service, 0 taken out (after a 602/603 from the origin; contract 7.5): per product.',
          kind: 'stat',
          unit: 'short',
          width: 16,
          redBelow: 1,
          queries: [query(snapshot(S.productInService, product), `{{${product}}}`)],
        },
        {
          title: 'Offices unavailable',
          description: 'Registry offices marked unavailable in the catalog (about 85 is normal, contract 2.4).',
          kind: 'stat',
          unit: 'short',
          queries: [query(snapshot(S.officesUnavailable), 'offices')],
        },
      ],
    },
    {
      title: 'Certificates and reconciliation',
      panels: [
        {
          title: 'Certificates in issue',
          description: 'Certificates ordered at the origin and not yet delivered or given up.',
          kind: 'timeseries',
          unit: 'short',
          width: 8,
          queries: [query(snapshot(S.certificatesInIssue), 'in issue')],
        },
        {
          title: 'Certificate watch checks',
          description: 'Checks of certificates in issue in the last hour, by outcome.',
          kind: 'timeseries',
          unit: 'short',
          width: 8,
          // A check happens at a certificate's forecast, hours after the order: a short run has none.
          queries: [
            query(sum(increase(series(E.certificateWatchChecks), '1h'), watchOutcome), `{{${watchOutcome}}}`, false),
          ],
        },
        {
          title: 'Exhausted certificate watches',
          description: 'Watches that ran out of checks and need an operator (alert CertificateWatchExhausted).',
          kind: 'stat',
          unit: 'short',
          width: 8,
          redFrom: 1,
          queries: [query(snapshot(S.certificateWatchesExhausted), 'exhausted')],
        },
      ],
    },
    {
      title: 'Reconciliation',
      panels: [
        {
          title: 'Record views awaiting reconciliation',
          description: 'Record views ended 605 waiting for a verdict from the origin (decision 0036).',
          kind: 'timeseries',
          unit: 'short',
          width: 12,
          queries: [query(snapshot(S.recordViewsAwaitingReconciliation), 'awaiting')],
        },
        {
          title: 'Oldest reconciliation wait',
          description: 'How long the oldest record view has waited for its verdict (alert at 24 h).',
          kind: 'timeseries',
          unit: 's',
          width: 12,
          queries: [query(snapshot(S.reconciliationOldestWait), 'oldest wait')],
        },
      ],
    },
    {
      // Property monitoring (decisions 0152, 0168): watch runs are orders in the origin session's idle time.
      title: 'Monitoramentos',
      panels: [
        {
          title: 'Watches',
          description: 'Property watches by estado (ativo, pausado, removido) and tipo (pessoa, matricula).',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [query(snapshot(S.watches, watchEstado, watchTipo), `{{${watchEstado}}} {{${watchTipo}}}`)],
        },
        {
          title: 'Watch runs (last 24 h)',
          description:
            'Runs recorded in the last rolling 24 hours, by outcome now: em_andamento until compared, then primeira, sem_alteracao or alteracao; falhou, nao_executada_saldo (no balance), adiada_por_bloqueio (7-day block) and atrasada (not placed in its window).',
          kind: 'timeseries',
          unit: 'short',
          width: 6,
          queries: [query(snapshot(S.watchRunsLastDay, runOutcome), `{{${runOutcome}}}`)],
        },
        {
          title: 'Idle capacity used',
          description:
            "Share of the origin session's last hour spent on watch runs' origin calls: what monitoring takes from the session's idle time.",
          kind: 'timeseries',
          unit: 'percentunit',
          width: 6,
          min: 0,
          max: 1,
          queries: [query(snapshot(S.watchOriginSessionShare), 'watch runs')],
        },
        {
          title: 'Late watch runs (last hour)',
          description:
            'Runs recorded atrasada in the last hour: not placed within their window (alert WatchRunsLate). The last 24 hours are in Watch runs.',
          kind: 'stat',
          unit: 'short',
          width: 6,
          redFrom: 1,
          queries: [query(snapshot(S.watchRunsLateLastHour), 'late')],
        },
      ],
    },
  ],
};
