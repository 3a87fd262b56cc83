import { formatReais } from '@regapi/br';
import { csvRow } from '../extrato/csv';
import { extratoCsvRow } from '../extrato/extrato-csv';
import { CSV_COLUMNS } from '../extrato/extrato-line';
import type { StatementLine } from '../statement';
import type { MonthlySummary } from './monthly-summary';

type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

function row(cells: Cells): string {
  return csvRow(CSV_COLUMNS.map((column) => cells[column] ?? null));
}

/**
 * The closed month as CSV (docs/decisions/0105): the extrato's own columns and movement rows (as `GET /v1/extrato`
 * writes them), framed by a `saldo_inicial` row at the month's first instant, one `total_produto` row per product and
 * a `saldo_final` row at its last instant. Pure: the same month always gives the same bytes.
 */
export function monthlyStatementCsv(
  range: { readonly from: Date; readonly to: Date },
  summary: MonthlySummary,
  lines: readonly StatementLine[],
): string {
  const end = new Date(range.to.getTime() - 1).toISOString();
  const movements = lines.map(extratoCsvRow);
  const totals = summary.products.map((product) =>
    row({
      data_hora: end,
      tipo: 'total_produto',
      fonte: product.produto,
      valor: formatReais(product.liquido_centavos),
    }),
  );
  return [
    csvRow(CSV_COLUMNS),
    row({
      data_hora: range.from.toISOString(),
      tipo: 'saldo_inicial',
      valor: '0.00',
      saldo_apos: formatReais(summary.openingCentavos),
    }),
    ...movements,
    ...totals,
    row({ data_hora: end, tipo: 'saldo_final', valor: '0.00', saldo_apos: formatReais(summary.closingCentavos) }),
  ].join('');
}
