import type { StatementLine } from '../statement';
import { csvRow } from './csv';
import { CSV_COLUMNS, toCsvCells } from './extrato-line';

/** The extrato as CSV text (docs/decisions/0018): the header row, then one row per line. The API and the console both write it here. */
export function extratoCsv(lines: readonly StatementLine[]): string {
  return [csvRow(CSV_COLUMNS), ...lines.map(extratoCsvRow)].join('');
}

/** One ledger line as an extrato CSV row: the extrato and the closed month's statement write their movements so. */
export function extratoCsvRow(line: StatementLine): string {
  const cells = toCsvCells(line);
  return csvRow(CSV_COLUMNS.map((column) => cells[column]));
}

export const EXTRATO_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** `attachment; filename="extrato-2026-01-01-2026-01-31.csv"`. */
export function extratoCsvDisposition(range: { readonly de: string; readonly ate: string }): string {
  return `attachment; filename="extrato-${range.de}-${range.ate}.csv"`;
}
