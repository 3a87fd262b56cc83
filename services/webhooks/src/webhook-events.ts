import { reaisNumber } from '@regapi/br';
import {
  BALANCE_LOW,
  balanceLowMessage,
  type IncomingMessage,
  ORDER_FINISHED,
  ORDER_RECONCILED,
  ORDER_REFUNDED,
  ORDER_REVISED,
  orderFinishedMessage,
  orderReconciledMessage,
  orderRefundedMessage,
  orderRevisedMessage,
  WATCH_CHANGED,
  watchChangedMessage,
} from '@regapi/bus';
import type { WebhookEventType } from '@regapi/contracts';

/**
 * One fact for one account, before it is addressed to endpoints (decisions 0093, 0140). Its body gets, at fan-out,
 * the delivery's id, the account, the environment and, for an order, the order's `referencia`.
 */
export interface WebhookEvent {
  /** The bus message's id: the same fact redelivered has the same id. */
  readonly id: string;
  readonly accountId: string;
  readonly type: WebhookEventType;
  /** When the fact happened, ISO 8601. */
  readonly timestamp: string;
  /** The order the event is about, when it is about one: its `referencia` is added to `data`. */
  readonly protocolo?: string;
  readonly data: Readonly<Record<string, unknown>>;
}

const CERTIFICATE = 'certidao-inteiro-teor';

function eventOf(
  message: IncomingMessage,
  accountId: string,
  type: WebhookEventType,
  timestamp: string,
  data: Readonly<Record<string, unknown>>,
): WebhookEvent {
  const protocolo = typeof data.protocolo === 'string' ? data.protocolo : undefined;
  return { id: message.id, accountId, type, timestamp, ...(protocolo === undefined ? {} : { protocolo }), data };
}

/**
 * The webhook events a bus message is (decision 0093): none when it is not one (or does not match its schema), two
 * for a certificate's end (`consulta.finalizada` and `certidao.emitida` or `certidao.indisponivel`). Events of one
 * message share its id; a delivery is one per (message, event type, endpoint).
 */
export function webhookEventsOf(message: IncomingMessage): WebhookEvent[] {
  if (message.routingKey.startsWith(`${ORDER_FINISHED}.`)) {
    const finished = orderFinishedMessage.parse(message.payload);
    if (finished === undefined) return [];
    const data = {
      protocolo: finished.protocolo,
      fonte: finished.fonte,
      codigo: finished.code,
      status_consulta: finished.status_consulta,
    };
    const events = [eventOf(message, finished.account_id, 'consulta.finalizada', finished.finished_at, data)];
    // Contract 2.6: a certificate ends SUCESSO (the PDF arrived) or INDISPONIVEL (accepted without a protocol, refunded).
    const certificate =
      finished.fonte !== CERTIFICATE
        ? undefined
        : finished.status_consulta === 'SUCESSO'
          ? 'certidao.emitida'
          : finished.status_consulta === 'INDISPONIVEL'
            ? 'certidao.indisponivel'
            : undefined;
    if (certificate !== undefined)
      events.push(eventOf(message, finished.account_id, certificate, finished.finished_at, data));
    return events;
  }
  if (message.routingKey.startsWith(`${ORDER_REVISED}.`)) {
    const revised = orderRevisedMessage.parse(message.payload);
    if (revised === undefined) return [];
    return [
      eventOf(message, revised.account_id, 'consulta.revisada', revised.revised_at, {
        protocolo: revised.protocolo,
        fonte: revised.fonte,
        codigo: revised.code,
        status_consulta: revised.status_consulta,
        revisao: revised.revisao,
      }),
    ];
  }
  if (message.routingKey.startsWith(`${ORDER_RECONCILED}.`)) {
    const reconciled = orderReconciledMessage.parse(message.payload);
    if (reconciled === undefined) return [];
    return [
      eventOf(message, reconciled.account_id, 'consulta.reconciliada', reconciled.reconciled_at, {
        protocolo: reconciled.protocolo,
        fonte: reconciled.fonte,
        encontrada_na_origem: reconciled.outcome === 'found',
      }),
    ];
  }
  if (message.routingKey.startsWith(`${ORDER_REFUNDED}.`)) {
    const refunded = orderRefundedMessage.parse(message.payload);
    if (refunded === undefined) return [];
    return [
      eventOf(message, refunded.account_id, 'estorno.realizado', refunded.refunded_at, {
        protocolo: refunded.protocolo,
        fonte: refunded.fonte,
        valor: reaisNumber(refunded.amount_centavos),
        codigo: refunded.code,
      }),
    ];
  }
  if (message.routingKey === BALANCE_LOW) {
    const low = balanceLowMessage.parse(message.payload);
    if (low === undefined) return [];
    return [
      eventOf(message, low.account_id, 'saldo.abaixo_do_limite', low.at, {
        saldo: reaisNumber(low.balance_centavos),
        limite_saldo_baixo: reaisNumber(low.threshold_centavos),
      }),
    ];
  }
  if (message.routingKey === WATCH_CHANGED) {
    const changed = watchChangedMessage.parse(message.payload);
    if (changed === undefined) return [];
    // Decision 0165: a run is no order of the customer's, so no `referencia`; the watch's own is named apart. The
    // diff goes as it is; the body's check against WATCH_DIFF_SCHEMA (at fan-out) refuses one that is not whole.
    return [
      eventOf(message, changed.account_id, 'monitoramento.alteracao', changed.compared_at, {
        monitoramento: changed.watch_id,
        tipo: changed.tipo,
        referencia_monitoramento: changed.referencia,
        execucao_planejada_em: changed.planned_at,
        protocolos: changed.protocolos,
        resumo: changed.resumo,
        diferencas: changed.diff,
      }),
    ];
  }
  return [];
}
