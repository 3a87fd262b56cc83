import { formatReais } from '@regapi/br';
import type { CsvDialect } from '@regapi/contracts';
import { csvAmount, csvPreamble, csvRow } from '../extrato/csv';
import { extratoCsvRow } from '../extrato/extrato-csv';
import { CSV_COLUMNS } from '../extrato/extrato-line';
import type { StatementLine } from '../statement';
import type { MonthlySummary } from './monthly-summary';

type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

function row(cells: Cells, dialect: CsvDialect): string {
  return csvRow(
    CSV_COLUMNS.map((column) => cells[column] ?? null),
    dialect,
  );
}

/**
 * The closed month as CSV (docs/decisions/0105): the extrato's own columns and movement rows (as `GET /v1/extrato`
 * writes them), framed by a `saldo_inicial` row at the month's first instant, one `total_produto` row per product and
 * a `saldo_final` row at its last instant. Pure: the same month always gives the same bytes. The close stores the
 * `rfc4180` dialect; the `pt-BR` one is written on request from the same ledger lines (docs/decisions/0144).
 */
export function monthlyStatementCsv(
  range: { readonly from: Date; readonly to: Date },
  summary: MonthlySummary,
  lines: readonly StatementLine[],
  dialect: CsvDialect = 'rfc4180',
): string {
  const end = new Date(range.to.getTime() - 1).toISOString();
  const amount = (centavos: number) => csvAmount(formatReais(centavos), dialect);
  const movements = lines.map((line) => extratoCsvRow(line, dialect));
  const totals = summary.products.map((product) =>
    row(
      { data_hora: end, tipo: 'total_produto', fonte: product.produto, valor: amount(product.liquido_centavos) },
      dialect,
    ),
  );
  return [
    csvPreamble(dialect),
    csvRow(CSV_COLUMNS, dialect),
    row(
      {
        data_hora: range.from.toISOString(),
        tipo: 'saldo_inicial',
        valor: amount(0),
        saldo_apos: amount(summary.openingCentavos),
      },
      dialect,
    ),
    ...movements,
    ...totals,
    row(
      { data_hora: end, tipo: 'saldo_final', valor: amount(0), saldo_apos: amount(summary.closingCentavos) },
      dialect,
    ),
  ].join('');
}
