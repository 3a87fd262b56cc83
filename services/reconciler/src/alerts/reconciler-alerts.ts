import type { ListedOriginOrder } from '@regapi/bus';
import type { Logger } from '@regapi/telemetry';

/**
 * What the reconciler asks a human to look at (docs/operations.md, "Reconciliation and the certificate watch", has the
 * runbook of each). Every alert names the order and says what to do.
 */
export type ReconcilerAlert =
  /** Contract 3 and 8: the certificate was checked every time allowed and is still EM_EMISSAO (docs/decisions/0037). */
  | {
      readonly alert: 'certificate_checks_exhausted';
      readonly orderId: string;
      readonly protocolo: string;
      readonly numeroPedido: string | null;
      readonly checks: number;
      readonly forecast: string | null;
    }
  /** A certificate finished 605: no listing recovers it (contract 2.6, 3; docs/decisions/0039). */
  | {
      readonly alert: 'certificate_lost_to_timeout';
      readonly orderId: string;
      readonly protocolo: string;
      readonly numeroPedido: string | null;
      readonly attemptStartedAt: string | null;
    }
  /** A record view 605 still without a reconciliation verdict after the overdue delay (docs/decisions/0036). */
  | {
      readonly alert: 'record_view_reconciliation_overdue';
      readonly orderId: string;
      readonly protocolo: string;
      readonly state: string;
      readonly numeroPedido: string | null;
      readonly since: string;
    }
  /** A message reached a dead-letter queue: its consumer failed it every delivery allowed (docs/decisions/0057). */
  | {
      readonly alert: 'message_dead_lettered';
      readonly queue: string;
      readonly messageId: string;
      readonly routingKey: string;
      readonly reason: string;
    }
  /** An order still not finished past its product's maximum time, driven again by the sweeper (decision 0056). */
  | {
      readonly alert: 'order_stuck';
      readonly orderId: string;
      readonly protocolo: string;
      readonly fonte: string;
      readonly state: string;
      readonly since: string;
      /** What the sweeper did about it. */
      readonly step: string;
    }
  /** An origin order no order of ours claims: paid by the platform, possibly lost to a customer (decision 0111). */
  | {
      readonly alert: 'origin_order_unowned';
      readonly numeroPedido: string;
      readonly produto: ListedOriginOrder['produto'];
      readonly criadoEm: string;
      readonly situacao: string;
      readonly valorCentavos: number;
      readonly cartorioCns: string | null;
      readonly matricula: string | null;
    }
  /** An origin order two or more of our orders claim: never two orders for one origin protocol (decision 0111). */
  | {
      readonly alert: 'origin_order_claimed_twice';
      readonly numeroPedido: string;
      readonly produto: ListedOriginOrder['produto'];
      readonly criadoEm: string;
      readonly orderIds: readonly string[];
    };

export type AlertName = ReconcilerAlert['alert'];

const ACTIONS: Readonly<Record<AlertName, string>> = Object.freeze({
  certificate_checks_exhausted:
    'the order stays EM_EMISSAO and debited: look the protocol up in the origin portal; if issued, restart the watch ' +
    '(docs/operations.md); if the office cannot issue, contact it or finish the order with a refund',
  certificate_lost_to_timeout:
    'the customer was refunded in full (605): look for a certificate ordered at that time for that record in the ' +
    'origin portal; download it by hand or ask the office about the fee (docs/operations.md)',
  record_view_reconciliation_overdue:
    'the amount is still debited: read the reconciler logs for this order, check the origin portal for the record ' +
    'view, and see whether listings fail (docs/operations.md)',
  message_dead_lettered:
    'read the logs of the queue consumer for this message id, fix the cause, then re-drive it: `pnpm ops dead-letters ' +
    'list` and `pnpm ops dead-letters redrive QUEUE [MESSAGE_ID]` (docs/operations.md)',
  order_stuck:
    'the order was driven again (its task re-sent to the origin queue, which asks the origin before placing anything); ' +
    'if it alerts again, read the origin-session logs for this order (docs/operations.md)',
  origin_order_unowned:
    'the registry charged an origin order no order of ours follows: look the numero_pedido up in the origin portal ' +
    '(who placed it, for which record), then the origin_order_attempt rows of that time and origin-session logs; ' +
    'deliver it to the customer it was for, or note the fee as a platform loss (docs/operations.md)',
  origin_order_claimed_twice:
    'two orders of ours claim one origin order, which must never happen: read both orders (`pnpm ops order show`) ' +
    'and their origin_order_attempt rows; at most one customer received that document, check the other was ' +
    'refunded or delivered its own, and escalate to engineering (docs/operations.md)',
});

const SEVERITY: Readonly<Record<AlertName, 'warning' | 'critical'>> = Object.freeze({
  certificate_checks_exhausted: 'warning',
  certificate_lost_to_timeout: 'warning',
  record_view_reconciliation_overdue: 'warning',
  message_dead_lettered: 'critical',
  order_stuck: 'warning',
  origin_order_unowned: 'warning',
  origin_order_claimed_twice: 'critical',
});

export interface ReconcilerAlerts {
  raise(alert: ReconcilerAlert, at: Date): void;
  counts(): Readonly<Record<AlertName, number>>;
}

export interface ReconcilerAlertsOptions {
  readonly logger: Logger;
}

/**
 * Prometheus pages on the metric that carries each alert's signal (docs/decisions/0065 maps them to their rules);
 * this is the structured `error` log line with `alert` set that names the order or the message (a log may carry the
 * protocolo, a label may not), and the counts on the status route.
 */
export function createReconcilerAlerts(options: ReconcilerAlertsOptions): ReconcilerAlerts {
  const logger = options.logger.child({ component: 'alerts' });
  const counts: Record<AlertName, number> = {
    certificate_checks_exhausted: 0,
    certificate_lost_to_timeout: 0,
    record_view_reconciliation_overdue: 0,
    message_dead_lettered: 0,
    order_stuck: 0,
    origin_order_unowned: 0,
    origin_order_claimed_twice: 0,
  };

  return {
    raise(alert, at) {
      counts[alert.alert]++;
      const { alert: name, ...facts } = alert;
      const body = {
        alert: name,
        severity: SEVERITY[name],
        ...snakeCase(facts),
        at: at.toISOString(),
        action: ACTIONS[name],
      };
      const subject = subjectOf(alert);
      logger.error(body, `ALERT: ${name} (${subject})`);
    },
    counts: () => ({ ...counts }),
  };
}

/** What the alert line names: the message, the origin order, or our order. */
function subjectOf(alert: ReconcilerAlert): string {
  switch (alert.alert) {
    case 'message_dead_lettered':
      return `message ${alert.messageId} in ${alert.queue}`;
    case 'origin_order_unowned':
    case 'origin_order_claimed_twice':
      return `origin order ${alert.numeroPedido}`;
    default:
      return `order ${alert.protocolo}`;
  }
}

function snakeCase(facts: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(facts).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );
}
