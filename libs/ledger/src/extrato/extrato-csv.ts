import type { CsvDialect } from '@regapi/contracts';
import type { StatementLine } from '../statement';
import { csvPreamble, csvRow } from './csv';
import { CSV_COLUMNS, toCsvCells } from './extrato-line';

/** The extrato as CSV text (docs/decisions/0018): the header row, then one row per line. The API and the console both write it here. */
export function extratoCsv(lines: readonly StatementLine[], dialect: CsvDialect = 'rfc4180'): string {
  return [
    csvPreamble(dialect),
    csvRow(CSV_COLUMNS, dialect),
    ...lines.map((line) => extratoCsvRow(line, dialect)),
  ].join('');
}

/** One ledger line as an extrato CSV row: the extrato and the closed month's statement write their movements so. */
export function extratoCsvRow(line: StatementLine, dialect: CsvDialect = 'rfc4180'): string {
  const cells = toCsvCells(line, dialect);
  return csvRow(
    CSV_COLUMNS.map((column) => cells[column]),
    dialect,
  );
}

export const EXTRATO_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** `attachment; filename="extrato-2026-01-01-2026-01-31.csv"` (`...-pt-BR.csv` in that dialect). */
export function extratoCsvDisposition(
  range: { readonly de: string; readonly ate: string },
  dialect: CsvDialect = 'rfc4180',
): string {
  const suffix = dialect === 'pt-BR' ? '-pt-BR' : '';
  return `attachment; filename="extrato-${range.de}-${range.ate}${suffix}.csv"`;
}
