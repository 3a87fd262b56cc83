import type { Logger } from '@regapi/telemetry';

/** A product taken out of service because the origin answered a permanent code (contract 7.5). */
export interface ProductOutage {
  readonly fonte: string;
  readonly code: number;
  /** The origin's answer, as the port named it (`service-unavailable`, `blocked`, ...). */
  readonly outcome: string;
  readonly protocolo: string;
  readonly orderId: string;
  readonly at: Date;
}

/** A certificate the origin accepted and then stopped knowing, ended 621 and refunded (docs/decisions/0176). */
export interface CertificateNotFound {
  readonly orderId: string;
  readonly protocolo: string;
  readonly numeroPedido: string | null;
  /** "Order not found" answers in a row, the first one at `since`. */
  readonly answers: number;
  readonly since: Date;
  readonly at: Date;
}

export interface AlertCounts {
  readonly product_out_of_service: number;
  readonly origin_session_lost: number;
  readonly certificate_not_found_at_origin: number;
}

/**
 * "A human is notified" (contract 7.5): Prometheus pages on `regapi.products.in_service` = 0 (the rule "product out of
 * service", docs/decisions/0065); this is the structured `error` log line with `alert` set that says which order
 * and which answer took it out (a log may carry the protocolo, a label may not), and the count on
 * `GET /origin-session/status`.
 */
export interface Alerts {
  productOutOfService(outage: ProductOutage): void;
  /**
   * The origin session was lost when no refresh was due (docs/decisions/0110): another login took the account — a
   * leader that should have stopped, or a person in the portal. In-doubt waits start again from the next login.
   */
  originSessionLost(what: string): void;
  /**
   * A certificate ended 621 (refunded) because the origin kept answering that it does not know its protocol: a human
   * looks the `numero_pedido` up in the portal (docs/operations.md).
   */
  certificateNotFoundAtOrigin(lost: CertificateNotFound): void;
  counts(): AlertCounts;
}

export interface AlertsOptions {
  readonly logger: Logger;
}

export function createAlerts(options: AlertsOptions): Alerts {
  const logger = options.logger.child({ component: 'alerts' });
  let outages = 0;
  let sessionLosses = 0;
  let certificatesNotFound = 0;

  return {
    productOutOfService(outage) {
      outages++;
      const alert = {
        alert: 'product_out_of_service',
        severity: 'critical',
        fonte: outage.fonte,
        code: outage.code,
        origin_outcome: outage.outcome,
        protocolo: outage.protocolo,
        order_id: outage.orderId,
        at: outage.at.toISOString(),
        action: `the product answers 602 until an operator runs: pnpm ops product enable ${outage.fonte}`,
      };
      logger.error(alert, `ALERT: ${outage.fonte} taken out of service (origin answered ${outage.code})`);
    },
    originSessionLost(what) {
      sessionLosses++;
      logger.error(
        {
          alert: 'origin_session_lost',
          severity: 'warning',
          during: what,
          action:
            'check that one origin-session replica leads (GET /origin-session/status) and nobody uses the account',
        },
        'ALERT: the origin session was lost unexpectedly; in-doubt orders wait again from the next login',
      );
    },
    certificateNotFoundAtOrigin(lost) {
      certificatesNotFound++;
      logger.error(
        {
          alert: 'certificate_not_found_at_origin',
          severity: 'warning',
          order_id: lost.orderId,
          protocolo: lost.protocolo,
          numero_pedido: lost.numeroPedido,
          answers: lost.answers,
          since: lost.since.toISOString(),
          at: lost.at.toISOString(),
          action:
            'the customer was refunded in full (621): look the numero_pedido up in the origin portal; if the ' +
            'certificate exists, download it and hand it over by the support channel, else dispute the fee with the ' +
            'registry (docs/operations.md)',
        },
        `ALERT: certificate_not_found_at_origin (order ${lost.protocolo})`,
      );
    },
    counts: () => ({
      product_out_of_service: outages,
      origin_session_lost: sessionLosses,
      certificate_not_found_at_origin: certificatesNotFound,
    }),
  };
}
