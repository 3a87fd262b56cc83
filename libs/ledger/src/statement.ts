import type { Database } from '@regapi/db';
import { type Selectable, sql } from 'kysely';
import { type Db, isUuid } from './db';

export type LedgerEntryKind = Selectable<Database['ledger_transaction']>['kind'];

/** One line of the extrato: an entry with its cause and the balance right after it. Money in centavos. */
export interface StatementLine {
  readonly transaction_id: string;
  /** Order of application within the account (gaps are normal). */
  readonly seq: number;
  readonly account_id: string;
  readonly kind: LedgerEntryKind;
  readonly order_id: string | null;
  readonly protocolo: string | null;
  readonly fonte: string | null;
  readonly uf: string | null;
  /** The result code that caused a refund. */
  readonly code: number | null;
  readonly result_class: string | null;
  /** Signed change of the balance: negative for a debit. */
  readonly amount_centavos: number;
  readonly balance_after_centavos: number;
  /** A top-up's payment reference (or an adjustment's), from outside. */
  readonly external_reference: string | null;
  /** The customer's own `referencia` of the entry's order (its debit, its refund); null for other entries. */
  readonly order_referencia: string | null;
  readonly reason: string | null;
  readonly created_at: Date;
}

const LINE_COLUMNS = [
  'transaction_id',
  'seq',
  'account_id',
  'kind',
  'order_id',
  'protocolo',
  'fonte',
  'uf',
  'code',
  'result_class',
  'amount_centavos',
  'balance_after_centavos',
  'external_reference',
  'order_referencia',
  'reason',
  'created_at',
] as const;

export interface StatementQuery {
  readonly accountId: string;
  /** Inclusive. */
  readonly from?: Date;
  /** Exclusive. */
  readonly to?: Date;
  /** Only these kinds of entry (the console's filter); all when absent. */
  readonly kinds?: readonly LedgerEntryKind[];
  /** Only entries of this product (`fonte`); all when absent. */
  readonly fonte?: string;
}

/**
 * The account statement (extrato): every top-up, debit, refund and adjustment, in the order applied, from the
 * `finance_account_statement` view. The balance before the first line is its balance after minus its amount.
 */
export async function statement(db: Db, query: StatementQuery): Promise<StatementLine[]> {
  if (!isUuid(query.accountId)) return [];
  let select = db
    .selectFrom('finance_account_statement')
    .select(LINE_COLUMNS)
    .where('account_id', '=', query.accountId);
  if (query.from !== undefined) select = select.where('created_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('created_at', '<', query.to);
  if (query.kinds !== undefined) {
    if (query.kinds.length === 0) return [];
    select = select.where('kind', 'in', query.kinds);
  }
  if (query.fonte !== undefined) select = select.where('fonte', '=', query.fonte);
  return select.orderBy('seq').execute();
}

/** The balance right after the account's last entry before `at` (0 before its first): a monthly statement's opening. */
export async function balanceBefore(db: Db, accountId: string, at: Date): Promise<number> {
  if (!isUuid(accountId)) return 0;
  const row = await db
    .selectFrom('finance_account_statement')
    .select('balance_after_centavos')
    .where('account_id', '=', accountId)
    .where('created_at', '<', at)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.balance_after_centavos ?? 0;
}

/** A month (`AAAA-MM`, Brasília) in which the account has entries, newest first, with how many. */
export interface StatementMonth {
  readonly month: string;
  readonly lines: number;
}

export async function statementMonths(db: Db, accountId: string): Promise<StatementMonth[]> {
  if (!isUuid(accountId)) return [];
  const rows = await db
    .selectFrom('finance_account_statement')
    .select([sql<string>`to_char(day, 'YYYY-MM')`.as('month'), sql<string>`count(*)`.as('lines')])
    .where('account_id', '=', accountId)
    .groupBy(sql`to_char(day, 'YYYY-MM')`)
    .orderBy(sql`to_char(day, 'YYYY-MM')`, 'desc')
    .execute();
  return rows.map((row) => ({ month: row.month, lines: Number(row.lines) }));
}

/** The ledger entries of one order (its debit and refund), by order id or by protocolo. */
export async function orderLedgerEntries(db: Db, orderIdOrProtocolo: string): Promise<StatementLine[]> {
  const column = isUuid(orderIdOrProtocolo) ? 'order_id' : /^[0-9]+$/.test(orderIdOrProtocolo) ? 'protocolo' : null;
  if (column === null) return [];
  return db
    .selectFrom('finance_account_statement')
    .select(LINE_COLUMNS)
    .where(column, '=', orderIdOrProtocolo)
    .orderBy('seq')
    .execute();
}

/** What an order cost, for the `cobranca` block of a finished order (contract 2.1). */
export interface OrderCharge {
  readonly debitedCentavos: number;
  readonly refundedCentavos: number;
  readonly refundedAt: Date | null;
  readonly refundReason: string | null;
}

export function orderCharge(entries: readonly StatementLine[]): OrderCharge {
  const debit = entries.find((line) => line.kind === 'order_debit');
  const refund = entries.find((line) => line.kind === 'order_refund');
  return {
    debitedCentavos: debit === undefined ? 0 : -debit.amount_centavos,
    refundedCentavos: refund?.amount_centavos ?? 0,
    refundedAt: refund?.created_at ?? null,
    refundReason: refund?.reason ?? null,
  };
}
