import { CSV_DIALECTS, type CsvDialect, type Validation } from '@regapi/contracts';

/**
 * The statement's CSV dialects (docs/decisions/0018, 0144). Both: CRLF line ends, UTF-8, a header row; a cell is quoted
 * when it holds the separator, a quote or a line break, with quotes doubled.
 * - `rfc4180` (the default): comma separator, amounts with a decimal point (`-12.50`), no byte order mark.
 * - `pt-BR`: what a spreadsheet set to Portuguese (Brazil) opens into columns and numbers — semicolon separator,
 *   amounts with a decimal comma (`-12,50`, no thousands dots), and a UTF-8 byte order mark, without which Excel reads
 *   the file as Windows-1252 and garbles every accent.
 */

export function isCsvDialect(value: unknown): value is CsvDialect {
  return (CSV_DIALECTS as readonly unknown[]).includes(value);
}

const SEPARATOR: Readonly<Record<CsvDialect, string>> = { rfc4180: ',', 'pt-BR': ';' };

/** What goes before the header row: the byte order mark of the pt-BR dialect. */
export function csvPreamble(dialect: CsvDialect): string {
  return dialect === 'pt-BR' ? '\uFEFF' : '';
}

/** An amount cell from the decimal-point text `formatReais` writes: unchanged, or with a decimal comma in pt-BR. */
export function csvAmount(decimalPointText: string, dialect: CsvDialect): string {
  return dialect === 'pt-BR' ? decimalPointText.replace('.', ',') : decimalPointText;
}

// OWASP "CSV injection": a spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Free text from outside (a top-up reference, an adjustment reason) is defused so a spreadsheet shows it as text. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell(value: string | null, separator: string): string {
  if (value === null) return '';
  const quoted = value.includes(separator) || /["\r\n]/.test(value);
  return quoted ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(values: readonly (string | null)[], dialect: CsvDialect = 'rfc4180'): string {
  const separator = SEPARATOR[dialect];
  return `${values.map((value) => cell(value, separator)).join(separator)}\r\n`;
}

/** The `dialeto` query parameter of a statement's CSV: absent is `rfc4180`; anything but one known value is refused. */
export function parseCsvDialect(raw: unknown): Validation<CsvDialect> {
  if (raw === undefined) return { ok: true, value: 'rfc4180' };
  if (isCsvDialect(raw)) return { ok: true, value: raw };
  const mensagem = `dialeto é ${CSV_DIALECTS.join(' ou ')}, uma única vez (pt-BR: ponto e vírgula e vírgula decimal).`;
  return {
    ok: false,
    errors: [{ campo: 'dialeto', regra: 'enum', mensagem, ...(typeof raw === 'string' ? { valor: raw } : {}) }],
  };
}
