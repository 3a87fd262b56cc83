import { createHash } from 'node:crypto';
import { toLocalDateTime } from '@regapi/calendar';
import type { CsvDialect } from '@regapi/contracts';
import type { Database } from '@regapi/db';
import type { Selectable } from 'kysely';
import { type Db, isUuid } from '../db';
import { EXTRATO_TIME_ZONE, extratoMonthRange } from '../extrato/date-range';
import { EXTRATO_CSV_CONTENT_TYPE } from '../extrato/extrato-csv';
import { balanceBefore, statement } from '../statement';
import { monthlyStatementCsv } from './monthly-csv';
import { monthlyStatementPdf } from './monthly-pdf';
import { monthlySummary } from './monthly-summary';

export type ClosedStatement = Selectable<Database['monthly_statement']>;

/** Where the closed statements go: the document store's `put` (libs/documents DocumentStorage fits). */
export interface StatementStore {
  put(document: {
    readonly key: string;
    readonly bytes: Uint8Array;
    readonly contentType: string;
    readonly metadata?: Readonly<Record<string, string>>;
  }): Promise<void>;
}

/** `statements/<account>/<AAAA-MM>/extrato-<AAAA-MM>.csv|pdf`: one folder per account, beside `documents/`. */
export function monthlyStatementKey(accountId: string, month: string, format: 'csv' | 'pdf'): string {
  if (!isUuid(accountId)) throw new RangeError(`account id ${JSON.stringify(accountId)} cannot be a key part`);
  if (extratoMonthRange(month) === undefined) throw new RangeError(`${JSON.stringify(month)} is not AAAA-MM`);
  return `statements/${accountId.toLowerCase()}/${month}/extrato-${month}.${format}`;
}

/** The month after `AAAA-MM`. */
export function nextMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The month before `AAAA-MM`. */
export function previousMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** The month before the one `now` is in, in Brasília: the last month ended at `now` (both month closes ask it). */
export function monthEndedBefore(now: Date): string {
  const { year, month } = toLocalDateTime(now, EXTRATO_TIME_ZONE).date;
  return previousMonth(`${year}-${String(month).padStart(2, '0')}`);
}

export function findClosedStatement(db: Db, accountId: string, month: string): Promise<ClosedStatement | undefined> {
  if (!isUuid(accountId)) return Promise.resolve(undefined);
  return db
    .selectFrom('monthly_statement')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirst();
}

/** The account's closed months, newest first. */
export function listClosedStatements(db: Db, accountId: string): Promise<ClosedStatement[]> {
  if (!isUuid(accountId)) return Promise.resolve([]);
  return db
    .selectFrom('monthly_statement')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('month', 'desc')
    .execute();
}

/** The documents of one account's month, from the ledger: what closing stores, and what re-generating compares. */
export interface MonthlyDocuments {
  readonly csv: Uint8Array;
  readonly pdf: Uint8Array;
  readonly opening: number;
  readonly summary: ReturnType<typeof monthlySummary>;
}

/** The month's lines from the ledger, with its opening balance and summary: what every monthly document is made of. */
async function monthFromLedger(db: Db, accountId: string, month: string) {
  const range = extratoMonthRange(month);
  if (range === undefined) throw new RangeError(`${JSON.stringify(month)} is not AAAA-MM`);
  const previous = await findClosedStatement(db, accountId, previousMonth(month));
  const opening = previous?.closing_centavos ?? (await balanceBefore(db, accountId, range.from));
  const lines = await statement(db, { accountId, from: range.from, to: range.to });
  return { range, opening, lines, summary: monthlySummary(opening, lines) };
}

/**
 * Generates the month's CSV and PDF from the ledger. The opening balance is the previous month's closing when that
 * month is closed, else the balance right before the month's first instant (the same number while the ledger is
 * append-only). Pure over the database's content: the same month gives the same bytes.
 */
export async function generateMonthlyStatement(db: Db, accountId: string, month: string): Promise<MonthlyDocuments> {
  const account = await db.selectFrom('account').select(['id', 'name']).where('id', '=', accountId).executeTakeFirst();
  if (account === undefined) throw new RangeError(`no account ${accountId}`);
  const { range, opening, lines, summary } = await monthFromLedger(db, accountId, month);
  const csv = new TextEncoder().encode(monthlyStatementCsv(range, summary, lines));
  const pdf = await monthlyStatementPdf({ accountId, accountName: account.name, month, range, summary, lines });
  return { csv, pdf, opening, summary };
}

/** The month's CSV in a dialect, from the ledger: the pt-BR one is written on request, never stored (decision 0144). */
export async function generateMonthlyCsv(
  db: Db,
  accountId: string,
  month: string,
  dialect: CsvDialect,
): Promise<string> {
  const { range, lines, summary } = await monthFromLedger(db, accountId, month);
  return monthlyStatementCsv(range, summary, lines, dialect);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export type CloseResult =
  | { readonly kind: 'closed'; readonly statement: ClosedStatement }
  | { readonly kind: 'already-closed'; readonly statement: ClosedStatement }
  | { readonly kind: 'month-not-ended' }
  | { readonly kind: 'unknown-account' };

/**
 * Closes one account's month (docs/decisions/0105), idempotently: a month already closed is answered as it is; a
 * month not yet over in Brasília (by `now`) is refused. The documents are stored first, then the row: a crash in
 * between leaves objects that the next close overwrites with the same bytes. Two closers at once store the same
 * bytes under the same keys and one row wins (ON CONFLICT DO NOTHING).
 */
export async function closeMonth(
  db: Db,
  store: StatementStore,
  input: { readonly accountId: string; readonly month: string; readonly now: Date },
): Promise<CloseResult> {
  const range = extratoMonthRange(input.month);
  if (range === undefined) throw new RangeError(`${JSON.stringify(input.month)} is not AAAA-MM`);
  if (!isUuid(input.accountId)) return { kind: 'unknown-account' };
  const existing = await findClosedStatement(db, input.accountId, input.month);
  if (existing !== undefined) return { kind: 'already-closed', statement: existing };
  if (input.now.getTime() < range.to.getTime()) return { kind: 'month-not-ended' };
  const found = await db.selectFrom('account').select('id').where('id', '=', input.accountId).executeTakeFirst();
  if (found === undefined) return { kind: 'unknown-account' };
  const generated = await generateMonthlyStatement(db, input.accountId, input.month);
  const csvKey = monthlyStatementKey(input.accountId, input.month, 'csv');
  const pdfKey = monthlyStatementKey(input.accountId, input.month, 'pdf');
  const metadata = { account: input.accountId, month: input.month };
  await store.put({ key: csvKey, bytes: generated.csv, contentType: EXTRATO_CSV_CONTENT_TYPE, metadata });
  await store.put({ key: pdfKey, bytes: generated.pdf, contentType: 'application/pdf', metadata });
  const { summary } = generated;
  const inserted = await db
    .insertInto('monthly_statement')
    .values({
      account_id: input.accountId,
      month: input.month,
      opening_centavos: summary.openingCentavos,
      closing_centavos: summary.closingCentavos,
      credits_centavos: summary.creditsCentavos,
      debits_centavos: summary.debitsCentavos,
      lines: summary.lines,
      csv_key: csvKey,
      csv_sha256: sha256(generated.csv),
      csv_bytes: generated.csv.byteLength,
      pdf_key: pdfKey,
      pdf_sha256: sha256(generated.pdf),
      pdf_bytes: generated.pdf.byteLength,
      closed_at: input.now,
    })
    .onConflict((conflict) => conflict.columns(['account_id', 'month']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted !== undefined) return { kind: 'closed', statement: inserted };
  const winner = await findClosedStatement(db, input.accountId, input.month);
  if (winner === undefined) throw new Error(`monthly statement ${input.accountId} ${input.month} vanished`);
  return { kind: 'already-closed', statement: winner };
}

/** What closing a month for every account did. */
export interface CloseAllResult {
  readonly month: string;
  readonly closed: number;
  readonly alreadyClosed: number;
}

/**
 * Closes `month` for every account that existed before it ended (an account with no movement gets a statement whose
 * opening equals its closing). Accounts one at a time: a month's close is rare work, not a hot path.
 */
export async function closeMonthForAll(
  db: Db,
  store: StatementStore,
  input: { readonly month: string; readonly now: Date },
): Promise<CloseAllResult | { readonly kind: 'month-not-ended' }> {
  const range = extratoMonthRange(input.month);
  if (range === undefined) throw new RangeError(`${JSON.stringify(input.month)} is not AAAA-MM`);
  if (input.now.getTime() < range.to.getTime()) return { kind: 'month-not-ended' };
  const accounts = await db
    .selectFrom('account')
    .select('id')
    .where('created_at', '<', range.to)
    .orderBy('id')
    .execute();
  let closed = 0;
  let alreadyClosed = 0;
  for (const account of accounts) {
    const result = await closeMonth(db, store, { accountId: account.id, month: input.month, now: input.now });
    if (result.kind === 'closed') closed += 1;
    else if (result.kind === 'already-closed') alreadyClosed += 1;
  }
  return { month: input.month, closed, alreadyClosed };
}
