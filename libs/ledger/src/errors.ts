/**
 * Failures of the ledger that are the caller's mistake. Expected business outcomes (insufficient balance, an order
 * already debited or refunded, a repeated top-up) are result values, not these.
 */

/** An argument the ledger refuses before touching the database (an amount that is not whole centavos, a bad id). */
export class InvalidLedgerInputError extends Error {
  override readonly name = 'InvalidLedgerInputError';
  readonly code = 'invalid_ledger_input';
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
  }
}

export class UnknownAccountError extends Error {
  override readonly name = 'UnknownAccountError';
  readonly code = 'unknown_account';
  constructor(readonly accountId: string) {
    super(`account ${accountId} does not exist`);
  }
}

export class UnknownPlanError extends Error {
  override readonly name = 'UnknownPlanError';
  readonly code = 'unknown_plan';
  constructor(readonly planId: string) {
    super(`plan ${planId} does not exist`);
  }
}

/** The plan has no margin row for the product: a configuration defect, so nothing is priced. */
export class MissingPlanMarginError extends Error {
  override readonly name = 'MissingPlanMarginError';
  readonly code = 'missing_plan_margin';
  constructor(
    readonly planId: string,
    readonly fonte: string,
  ) {
    super(`plan ${planId} has no margin for ${fonte}`);
  }
}

/** A top-up reference already used on the account for a DIFFERENT amount: two payments cannot share a reference. */
export class TopUpReferenceConflictError extends Error {
  override readonly name = 'TopUpReferenceConflictError';
  readonly code = 'topup_reference_conflict';
  constructor(
    readonly accountId: string,
    readonly reference: string,
    readonly recordedCentavos: number,
    readonly requestedCentavos: number,
  ) {
    super(
      `top-up reference ${reference} of account ${accountId} was recorded for ${recordedCentavos} centavos, not ${requestedCentavos}`,
    );
  }
}

export class RefundExceedsDebitError extends Error {
  override readonly name = 'RefundExceedsDebitError';
  readonly code = 'refund_exceeds_debit';
  constructor(
    readonly orderId: string,
    readonly debitedCentavos: number,
    readonly requestedCentavos: number,
  ) {
    super(`order ${orderId} was debited ${debitedCentavos} centavos; a refund of ${requestedCentavos} exceeds it`);
  }
}

/** Money moves only inside a transaction the caller controls (the lock that prevents overdraft lives in it). */
export class NotInTransactionError extends Error {
  override readonly name = 'NotInTransactionError';
  readonly code = 'not_in_transaction';
  constructor(operation: string) {
    super(`${operation} must run inside a database transaction`);
  }
}
