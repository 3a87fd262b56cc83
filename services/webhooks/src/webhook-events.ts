import {
  type IncomingMessage,
  ORDER_FINISHED,
  ORDER_RECONCILED,
  ORDER_REFUNDED,
  parseOrderFinished,
  parseOrderReconciled,
  parseOrderRefunded,
} from '@regapi/bus';
import type { WebhookEventType } from '@regapi/contracts';

/** One fact for one account, as its endpoints receive it: the body follows Standard Webhooks (`type`, `timestamp`, `data`). */
export interface WebhookEvent {
  /** The bus message's id: the same fact redelivered has the same id. */
  readonly id: string;
  readonly accountId: string;
  readonly type: WebhookEventType;
  readonly body: {
    readonly type: WebhookEventType;
    readonly timestamp: string;
    readonly data: Readonly<Record<string, unknown>>;
  };
}

/** The webhook event a bus message is, or undefined when it is not one (or does not match its schema). */
export function webhookEventOf(message: IncomingMessage): WebhookEvent | undefined {
  if (message.routingKey.startsWith(`${ORDER_FINISHED}.`)) {
    const finished = parseOrderFinished(message.payload);
    if (finished === undefined) return undefined;
    return {
      id: message.id,
      accountId: finished.account_id,
      type: 'consulta.finalizada',
      body: {
        type: 'consulta.finalizada',
        timestamp: finished.finished_at,
        data: {
          protocolo: finished.protocolo,
          fonte: finished.fonte,
          codigo: finished.code,
          status_consulta: finished.status_consulta,
        },
      },
    };
  }
  if (message.routingKey.startsWith(`${ORDER_RECONCILED}.`)) {
    const reconciled = parseOrderReconciled(message.payload);
    if (reconciled === undefined) return undefined;
    return {
      id: message.id,
      accountId: reconciled.account_id,
      type: 'consulta.reconciliada',
      body: {
        type: 'consulta.reconciliada',
        timestamp: reconciled.reconciled_at,
        data: {
          protocolo: reconciled.protocolo,
          fonte: reconciled.fonte,
          encontrada_na_origem: reconciled.outcome === 'found',
        },
      },
    };
  }
  if (message.routingKey.startsWith(`${ORDER_REFUNDED}.`)) {
    const refunded = parseOrderRefunded(message.payload);
    if (refunded === undefined) return undefined;
    return {
      id: message.id,
      accountId: refunded.account_id,
      type: 'estorno.realizado',
      body: {
        type: 'estorno.realizado',
        timestamp: refunded.refunded_at,
        data: {
          protocolo: refunded.protocolo,
          fonte: refunded.fonte,
          valor: refunded.amount_centavos / 100,
          codigo: refunded.code,
        },
      },
    };
  }
  return undefined;
}
