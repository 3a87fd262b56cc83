/**
 * RFC 4180 CSV (docs/decisions/0018): comma separator, CRLF line ends, UTF-8, a header row; a cell is quoted when it
 * holds a comma, a quote or a line break, with quotes doubled.
 */

// OWASP "CSV injection": a spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Free text from outside (a top-up reference, an adjustment reason) is defused so a spreadsheet shows it as text. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(values: readonly (string | null)[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}
