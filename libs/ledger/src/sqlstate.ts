/**
 * SQLSTATEs raised by the ledger's triggers (migration 0003-accounts-ledger, which spells the same literals: a
 * migration is frozen history and cannot import them). Besides these, the database answers 23505 (unique: a second
 * debit or refund of an order, a repeated top-up reference) and 23514 (check: a balance below zero).
 */
export const LEDGER_SQLSTATE = {
  /** UPDATE, DELETE or TRUNCATE of an entry, or a leg added to an entry already committed. */
  APPEND_ONLY: 'LG001',
  /** An entry whose legs do not sum to zero, or whose customer leg differs from its amount (checked at commit). */
  UNBALANCED: 'LG002',
  /** A refund without a debit, for more than its debit, or on another account. */
  REFUND_BEYOND_DEBIT: 'LG003',
  /** An account balance written other than by a ledger entry. */
  BALANCE_OUTSIDE_LEDGER: 'LG004',
  /** Several entries of one account inserted by one statement. */
  ENTRY_ORDER: 'LG005',
  /** UPDATE, DELETE or TRUNCATE of a closed monthly statement (migration 0034-monthly-statement). */
  STATEMENT_CLOSED: 'LG006',
} as const;

export type LedgerSqlState = (typeof LEDGER_SQLSTATE)[keyof typeof LEDGER_SQLSTATE];
