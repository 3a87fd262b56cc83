import type { ColumnType } from 'kysely';

export type LedgerTransactionKind = 'topup' | 'order_debit' | 'order_refund' | 'adjustment';

/** The system accounts a ledger posting may name besides a customer account. */
export type LedgerSystemAccount = 'platform:cash' | 'platform:revenue' | 'platform:adjustments';

/**
 * One journal entry (append-only; libs/ledger is the only writer). `amount_centavos` is the signed change of the
 * customer's balance; `seq`, `balance_after_centavos`, `created_in_xact` and `created_at` are stamped by the database.
 */
export interface LedgerTransactionTable {
  id: ColumnType<string, string | undefined, never>;
  seq: ColumnType<number, never, never>;
  kind: ColumnType<LedgerTransactionKind, LedgerTransactionKind, never>;
  account_id: ColumnType<string, string, never>;
  amount_centavos: ColumnType<number, number, never>;
  balance_after_centavos: ColumnType<number, never, never>;
  order_id: ColumnType<string | null, string | null | undefined, never>;
  protocolo: ColumnType<string | null, string | null | undefined, never>;
  fonte: ColumnType<string | null, string | null | undefined, never>;
  uf: ColumnType<string | null, string | null | undefined, never>;
  code: ColumnType<number | null, number | null | undefined, never>;
  result_class: ColumnType<string | null, string | null | undefined, never>;
  external_reference: ColumnType<string | null, string | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  created_in_xact: ColumnType<string, never, never>;
  created_at: ColumnType<Date, never, never>;
}

/** One leg of a journal entry: a customer account or a system account; an entry's legs sum to zero. */
export interface LedgerPostingTable {
  id: ColumnType<number, never, never>;
  transaction_id: ColumnType<string, string, never>;
  account_id: ColumnType<string | null, string | null | undefined, never>;
  system_account: ColumnType<LedgerSystemAccount | null, LedgerSystemAccount | null | undefined, never>;
  amount_centavos: ColumnType<number, number, never>;
}

/**
 * A closed monthly statement (migration 0034; docs/decisions/0105): written once per account and month (`AAAA-MM`,
 * Brasília), never updated or deleted (triggers). Its CSV and PDF live in the document store under the two keys.
 */
export interface MonthlyStatementTable {
  account_id: ColumnType<string, string, never>;
  month: ColumnType<string, string, never>;
  opening_centavos: ColumnType<number, number, never>;
  closing_centavos: ColumnType<number, number, never>;
  credits_centavos: ColumnType<number, number, never>;
  debits_centavos: ColumnType<number, number, never>;
  lines: ColumnType<number, number, never>;
  csv_key: ColumnType<string, string, never>;
  csv_sha256: ColumnType<string, string, never>;
  csv_bytes: ColumnType<number, number, never>;
  pdf_key: ColumnType<string, string, never>;
  pdf_sha256: ColumnType<string, string, never>;
  pdf_bytes: ColumnType<number, number, never>;
  closed_at: ColumnType<Date, Date | undefined, never>;
}

/** The double-entry ledger and the closed monthly statements (libs/ledger). */
export interface LedgerTables {
  ledger_transaction: LedgerTransactionTable;
  ledger_posting: LedgerPostingTable;
  monthly_statement: MonthlyStatementTable;
}
