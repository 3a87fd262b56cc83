import { EVENT_METRICS as E, SNAPSHOT_METRICS as S } from '@regapi/telemetry';
import { absent, histogramSeries, increase, labelOf, matcher, max, series, snapshot, sum } from './promql';
import { type AlertRule, alertRule } from './rule-types';

const product = labelOf(S.productInService, 'product');
const calls = E.originCallDuration;
const originCalls = (...matchers: string[]) => histogramSeries(calls, 'count', ...matchers);
const logins = (outcome: string) => series(E.originLogins, matcher(E.originLogins, 'outcome', '=', outcome));
const happened = (expr: string) => `${sum(expr)} > 0`;

/** The rolling hour holds as many searches as the account may start (contract 8): the queue waits by design. */
const ceilingReached = `${snapshot(S.searchesLastHour)} >= ${snapshot(S.searchCeiling)}`;

/**
 * An ownership finding in the last hour (docs/decisions/0111). A counter's series is born at its first finding, at 1,
 * where `increase` sees nothing: a series that did not exist an hour ago is a finding too.
 */
const ownershipFound = (finding: string): string => {
  const found = series(E.originOrderOwnership, matcher(E.originOrderOwnership, 'finding', '=', finding));
  const byProduct = labelOf(E.originOrderOwnership, 'product');
  return `${sum(increase(found, '1h'), byProduct)} > 0 or ${sum(`${found} unless ${found} offset 1h`, byProduct)} > 0`;
};

/**
 * A wrong stored document (decision 0128): the last complete scrub found some (its gauge stays up until a complete
 * scrub finds none), or the scrub in progress counted one in the last hour (a counter born at 1 counts too, as above).
 */
const documentsWrong = (): string => {
  const outcome = labelOf(E.archiveScrubDocuments, 'outcome');
  const wrong = (metric: typeof E.archiveScrubDocuments | typeof E.archiveScrubLastFindings) =>
    series(metric, matcher(metric, 'outcome', '=~', 'mismatch|missing'));
  const found = wrong(E.archiveScrubDocuments);
  return [
    `${max(wrong(E.archiveScrubLastFindings), outcome)} > 0`,
    `or ${sum(increase(found, '1h'), outcome)} > 0`,
    `or ${sum(`${found} unless ${found} offset 1h`, outcome)} > 0`,
  ].join(' ');
};

/** A daily scrub (ARCHIVE_SCRUB_INTERVAL_MS) that has not completed for a day and a half more than that. */
export const SCRUB_OVERDUE_S = 60 * 3600;
const scrubCompleted = series(E.archiveScrubLastCompleted);

/** Minutes without an origin call, with orders queued, before the queue counts as stalled. */
export const QUEUE_STALLED_AFTER = '15m';
/** Expected wait, with the ceiling reached, past which customers wait too long (contract 8: a search every 72 s). */
export const CEILING_BACKLOG_S = 2 * 3600;
export const OUTBOX_LAG_S = 300;
/** The reconciler's own alert is at 24 h after the time-out (docs/operations.md, Reconciliation). */
export const RECONCILIATION_OVERDUE_S = 24 * 3600;

export const PIPELINE_ALERTS: readonly AlertRule[] = [
  alertRule({
    alert: 'ProductOutOfService',
    severity: 'warning',
    for: '1m',
    expr: `${snapshot(S.productInService, product)} == 0`,
    summary: 'Product {{ $labels.product }} is out of service.',
    description:
      'The origin answered 602/603 for {{ $labels.product }}: its quotes and executions answer 602, free, until an operator enables it again (contract 7.5).',
  }),
  alertRule({
    alert: 'OriginUnavailable',
    severity: 'critical',
    for: '5m',
    expr: [
      `(${happened(increase(originCalls(matcher(calls, 'outcome', '!=', 'ok')), '10m'))} or ${happened(increase(logins('unavailable'), '10m'))})`,
      `unless ${happened(increase(originCalls(matcher(calls, 'outcome', '=', 'ok')), '10m'))}`,
      `unless ${happened(increase(logins('ok'), '10m'))}`,
    ].join(' '),
    summary: 'The origin portal fails every call.',
    description:
      'For 10 minutes every call and login to the origin failed and none succeeded: orders wait in the queue.',
  }),
  alertRule({
    alert: 'OriginLoginRefused',
    severity: 'critical',
    for: '1m',
    expr: `${happened(increase(logins('refused'), '15m'))} unless ${happened(increase(logins('ok'), '15m'))}`,
    summary: 'The origin refuses our login.',
    description:
      'Logins to the origin were refused in the last 15 minutes and none succeeded: the account or its credentials need a human.',
  }),
  alertRule({
    alert: 'OriginSessionLost',
    severity: 'warning',
    for: '1m',
    // origin-session logs in again before the origin's idle expiry, so a lost session means another login took the
    // account: a leader that should have stopped, or a person in the portal (decision 0110).
    expr: happened(increase(originCalls(matcher(calls, 'outcome', '=', 'session-lost')), '15m')),
    summary: 'The origin session was lost unexpectedly.',
    description:
      'A call found the origin session gone in the last 15 minutes: someone else logged in to the account. In-doubt orders wait again from the next login.',
  }),
  alertRule({
    alert: 'QueueStalled',
    severity: 'critical',
    for: '5m',
    expr: [
      `sum(${snapshot(S.queuedOrders, product)}) > 0`,
      `unless ${happened(increase(originCalls(), QUEUE_STALLED_AFTER))}`,
      `unless ${ceilingReached}`,
    ].join(' '),
    summary: 'Orders are queued and nothing calls the origin.',
    description: `Orders wait, the hourly ceiling is not reached, and no call to the origin happened for ${QUEUE_STALLED_AFTER}: origin-session is not working the queue.`,
  }),
  alertRule({
    alert: 'CeilingSaturatedBacklog',
    severity: 'warning',
    for: '15m',
    expr: `${snapshot(S.expectedWait, product)} > ${CEILING_BACKLOG_S} and on() ${ceilingReached}`,
    summary: 'The hourly search ceiling is reached and {{ $labels.product }} waits hours.',
    description: `The origin account's ceiling is reached and a new {{ $labels.product }} order would wait more than ${CEILING_BACKLOG_S / 3600} hours: demand exceeds what one account can serve (contract 8).`,
  }),
  alertRule({
    alert: 'OutboxLag',
    severity: 'warning',
    for: '5m',
    expr: `${snapshot(S.outboxOldestAge)} > ${OUTBOX_LAG_S}`,
    summary: 'The broker has not confirmed outbox messages for minutes.',
    description: `The oldest outbox message is older than ${OUTBOX_LAG_S / 60} minutes: RabbitMQ is unreachable or refusing, and messages wait in PostgreSQL.`,
  }),
  alertRule({
    alert: 'MessagesDeadLettered',
    severity: 'critical',
    for: '1m',
    expr: `${snapshot(S.deadLettersPending)} > 0`,
    summary: 'Messages are dead-lettered and wait for an operator.',
    description:
      'A message failed every delivery allowed: what it would have done (a settlement, a run, an archive) did not happen.',
  }),
  alertRule({
    alert: 'ArchiveFailing',
    severity: 'warning',
    for: '1m',
    // `refused`: a certificate whose signature did not verify (decision 0065) is a failure of the archive too.
    expr: `${sum(increase(series(E.archiveDocuments, matcher(E.archiveDocuments, 'outcome', '=~', 'failed|refused')), '30m'), labelOf(E.archiveDocuments, 'product'))} > 0`,
    summary: 'The archive could not keep {{ $labels.product }} documents.',
    description:
      'Documents of {{ $labels.product }} failed to be archived, or were refused as invalid, in the last 30 minutes; their orders ended 617/622 and were refunded.',
  }),
  alertRule({
    alert: 'DocumentDownloadRetrying',
    severity: 'warning',
    // Decision 0135: a retried download is normal for minutes (the origin's blip); for an hour it is an order charged
    // and not delivered, which the archive ends 617 and refunds only when the origin's link expires (up to 7 days).
    for: '1h',
    expr: `${snapshot(S.archiveDownloadsRetrying)} > 0`,
    summary: 'Delivered documents have failed to download for an hour.',
    description:
      "The archive has been retrying the download of delivered documents for an hour: their orders stay processing, charged, until a try succeeds or the origin's link expires (then 617, refunded). Read the log lines 'document download failed; retry scheduled' for the reason.",
  }),
  alertRule({
    alert: 'WebhookDeliveriesLate',
    severity: 'warning',
    // Decision 0155: retries of a failing endpoint wait up to 5 h then 10 h (decision 0094), so a pending delivery a few
    // hours old is normal; one to an ENABLED endpoint still pending after 6 h means deliveries are not being attempted
    // (the sender stopped) or an endpoint fails for hours (it is disabled after a day, and its account told).
    for: '15m',
    expr: `${snapshot(S.webhooksOldestPendingAge)} > 21600`,
    summary: 'A webhook delivery has waited more than 6 hours.',
    description:
      "The oldest delivery pending to an enabled endpoint is over 6 hours old: the webhooks service may not be sending (its logs 'webhook poll failed'), or an endpoint has failed for hours (GET /admin or the 'webhook attempt' log lines by delivery).",
  }),
  alertRule({
    alert: 'WatchRunsLate',
    severity: 'warning',
    // Decisions 0152, 0168: a run not placed within its window is recorded atrasada and the next one planned as
    // usual; each one is a run a customer paid to have and did not get. A placed run whose order has not started by
    // the end of its window is marked late too (decision 0172). The gauge counts both of the last hour, so the alert
    // fires at once and ends an hour after the last one.
    for: '0m',
    expr: `${snapshot(S.watchRunsLateLastHour)} > 0`,
    summary: 'A watch run was late (atrasada, or placed and not started in its window) in the last hour.',
    description:
      "At least one watch run was not placed within its window, or was placed and its order had not started by the end of it, in the last hour: no idle capacity, the product out of service, the origin down, or the gateway's run job not running. The reason is in watch_run.reason (atrasada) or watch_run.late_reason (late_at set).",
  }),
  alertRule({
    alert: 'ArchivedDocumentCorrupt',
    severity: 'critical',
    for: '0m',
    expr: documentsWrong(),
    summary: 'An archived document is {{ $labels.outcome }} in the bucket.',
    description:
      'The integrity scrub found a stored document whose object is missing or whose bytes no longer hash to the SHA-256 recorded in order_document: a document kept forever is lost or altered. Read the log line document_integrity_failed for the order and key.',
  }),
  alertRule({
    alert: 'ArchiveScrubOverdue',
    severity: 'warning',
    for: '1h',
    expr: `time() - ${max(scrubCompleted)} > ${SCRUB_OVERDUE_S} or ${absent(scrubCompleted)}`,
    summary: 'The integrity scrub of the archived documents has not completed for too long.',
    description: `No complete scrub of the stored documents for ${SCRUB_OVERDUE_S / 3600} hours, or none reported at all: a lost or altered document would go unnoticed. Read the archive's document-scrub log lines.`,
  }),
  alertRule({
    alert: 'CertificateLost',
    severity: 'warning',
    for: '0m',
    expr: `${sum(increase(series(E.ordersFinished, matcher(E.ordersFinished, 'product', '=', 'certidao-inteiro-teor'), matcher(E.ordersFinished, 'code', '=', '605')), '15m'))} > 0`,
    summary: 'A certificate order was lost to a time-out.',
    description:
      'A certificate ordered at the origin was finished 605 and refunded: the office may still issue it (and charge us). Look the order up at the origin.',
  }),
  alertRule({
    alert: 'CertificateNotFoundAtOrigin',
    severity: 'warning',
    for: '0m',
    expr: `${sum(increase(series(E.ordersFinished, matcher(E.ordersFinished, 'product', '=', 'certidao-inteiro-teor'), matcher(E.ordersFinished, 'code', '=', '621')), '15m'))} > 0`,
    summary: 'A certificate the origin accepted is no longer known to it.',
    description:
      'The origin answered "order not found" for a certificate it had accepted, 3 times over 24 h: the order was finished 621 and refunded (decision 0176). Look its numero_pedido up at the origin.',
  }),
  alertRule({
    alert: 'OrderStuck',
    severity: 'warning',
    for: '0m',
    expr: `${sum(increase(series(E.ordersStuck), '30m'), labelOf(E.ordersStuck, 'product'), labelOf(E.ordersStuck, 'state'))} > 0`,
    summary: 'A {{ $labels.product }} order is stuck in {{ $labels.state }}.',
    description:
      'The sweeper drove an order past its maximum time once and found it unfinished again: its pipeline is not moving it. Read the log line order_stuck for its protocolo.',
  }),
  alertRule({
    alert: 'OriginOrderUnowned',
    severity: 'warning',
    for: '0m',
    expr: ownershipFound('unowned'),
    summary: 'An origin {{ $labels.product }} order belongs to no order of ours.',
    description:
      'A listing shows an origin order, settled for an hour, that no order of ours claims: the platform paid for it and no customer gets it. Read the log line origin_order_unowned for its numero_pedido.',
  }),
  alertRule({
    alert: 'OriginOrderClaimedTwice',
    severity: 'critical',
    for: '0m',
    expr: ownershipFound('claimed_twice'),
    summary: 'An origin {{ $labels.product }} order is claimed by two orders of ours.',
    description:
      'Two or more orders of ours carry the same origin protocol, which must never happen: one document may have gone to two customers, or one order went without. Read the log line origin_order_claimed_twice for the orders.',
  }),
  alertRule({
    alert: 'CertificateWatchExhausted',
    severity: 'warning',
    for: '1m',
    expr: `${snapshot(S.certificateWatchesExhausted)} > 0`,
    summary: 'A certificate watch ran out of checks.',
    description:
      'The office has not issued a certificate after 24 checks: the order stays debited and waits for an operator.',
  }),
  alertRule({
    alert: 'ReconciliationOverdue',
    severity: 'warning',
    for: '5m',
    expr: `${snapshot(S.reconciliationOldestWait)} > ${RECONCILIATION_OVERDUE_S}`,
    summary: 'A record view has waited more than a day for reconciliation.',
    description: 'A record view ended 605 has no verdict from the origin after 24 hours; its amount is still debited.',
  }),
  alertRule({
    alert: 'RegistryReconciliationMismatch',
    severity: 'warning',
    for: '5m',
    expr: `${snapshot(S.registryReconciliationMismatches)} > 0`,
    summary: 'The newest reconciliation with the registry has mismatched orders.',
    description:
      'The registry charged origin orders we do not know, or orders of ours reached the origin and were never charged. Read the report with pnpm ops finance reconcile.',
  }),
  alertRule({
    alert: 'LedgerInvariantBroken',
    severity: 'critical',
    for: '1m',
    expr: `${snapshot(S.ledgerInvariantViolations)} > 0`,
    summary: 'The ledger invariant does not hold.',
    description:
      'A ledger check fails: balances and entries disagree. Money may be wrong; stop and look before anything else.',
  }),
  alertRule({
    alert: 'PipelineSnapshotStale',
    severity: 'warning',
    for: '5m',
    expr: `${snapshot(S.snapshotAge)} > 120 or absent(${series(S.snapshotAge)})`,
    summary: 'The pipeline gauges are stale or missing.',
    description:
      'The snapshot the queue, outbox, ledger and service gauges come from is older than 2 minutes or not exported: the other pipeline alerts are blind.',
  }),
];
