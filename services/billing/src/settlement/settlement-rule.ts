import type { OrderFinished, OrderReconciled } from '@regapi/bus';
import { isFonte, isResultCode, RESULT_CLASS_INFO, type ResultClass, resultClassOf } from '@regapi/contracts';

/**
 * Which settlement a finished order gets (contract 7.3, 7.4, 3; docs/decisions/0013), as a pure function of the
 * message: the code table in libs/contracts decides by class; two product rules come first.
 */
export type SettlementDecision =
  | {
      readonly action: 'keep';
      readonly rule: 'class_kept' | 'reconciliation_found';
      readonly resultClass?: ResultClass;
    }
  | {
      readonly action: 'refund';
      readonly rule: 'class_refunded' | 'certificate_unavailable' | 'reconciliation_not_found';
      readonly code: number;
      readonly reason: string;
    }
  /** Record view 605: the amount waits for the reconciliation (contract 3, every 30 minutes). */
  | { readonly action: 'await_reconciliation' };

/** A finished-order message whose code or product the table does not know: a producer defect, for an operator. */
export class UnsettleableOrderError extends Error {
  override readonly name = 'UnsettleableOrderError';
  readonly code = 'unsettleable_order';
  constructor(
    readonly orderId: string,
    detail: string,
  ) {
    super(`order ${orderId} cannot be settled: ${detail}`);
  }
}

/** Reason texts, as the customer reads them in the statement and in `cobranca.motivo`. */
export const REFUND_REASONS = Object.freeze({
  // Contract 2.6 and 3: a certificate accepted without a protocol.
  certificateUnavailable:
    'Certidão indisponível: o pedido foi aceito sem protocolo no cartório. Valor devolvido integralmente.',
  // Contract 3: a record-view timeout whose protocol the reconciliation did not find.
  reconciliationNotFound:
    'Tempo esgotado na origem e a conciliação não localizou o pedido: nada foi cobrado pelo cartório. Valor devolvido integralmente.',
  byClass: (resultClass: ResultClass): string =>
    `${RESULT_CLASS_INFO[resultClass].meaning} Valor devolvido integralmente.`,
});

const RECORD_VIEW = 'visualizacao-matricula';
const CERTIFICATE = 'certidao-inteiro-teor';
const ORIGIN_TIMEOUT = 605;

export function decideOnFinish(
  event: Pick<OrderFinished, 'order_id' | 'fonte' | 'code' | 'status_consulta'>,
): SettlementDecision {
  if (!isFonte(event.fonte)) throw new UnsettleableOrderError(event.order_id, `unknown product ${event.fonte}`);
  if (!isResultCode(event.code)) throw new UnsettleableOrderError(event.order_id, `unknown result code ${event.code}`);
  // Contract 2.6: INDISPONIVEL returns the amount in full, whatever code carried it.
  if (event.fonte === CERTIFICATE && event.status_consulta === 'INDISPONIVEL') {
    return {
      action: 'refund',
      rule: 'certificate_unavailable',
      code: event.code,
      reason: REFUND_REASONS.certificateUnavailable,
    };
  }
  // Contract 3 and 7.7: a record view that timed out may exist at the origin; only the reconciliation can tell.
  if (event.fonte === RECORD_VIEW && event.code === ORIGIN_TIMEOUT) return { action: 'await_reconciliation' };
  const resultClass = resultClassOf(event.code);
  if (RESULT_CLASS_INFO[resultClass].refunded) {
    return { action: 'refund', rule: 'class_refunded', code: event.code, reason: REFUND_REASONS.byClass(resultClass) };
  }
  return { action: 'keep', rule: 'class_kept', resultClass };
}

/** Contract 3: found keeps the amount (the document is delivered); not found refunds it in full. */
export function decideOnReconciliation(event: Pick<OrderReconciled, 'outcome'>): SettlementDecision {
  if (event.outcome === 'found') return { action: 'keep', rule: 'reconciliation_found' };
  return {
    action: 'refund',
    rule: 'reconciliation_not_found',
    code: ORIGIN_TIMEOUT,
    reason: REFUND_REASONS.reconciliationNotFound,
  };
}
