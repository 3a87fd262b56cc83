/**
 * Money as text, the one owner of every way an amount in reais is written or read (decision 0113). Inside, money is
 * integer centavos (architecture rule 3); text exists only at the edges, in these forms:
 *
 * - `formatBrl`: what a customer reads, everywhere (API `dados.total_pago`, console pages, charts): `R$ 1.234,56`,
 *   with an ordinary space, `-R$ 72,50` below zero.
 * - `formatReaisBrasil` / `parseReaisBrasil`: the digits a Brazilian form shows and accepts (`1.234,56`), and the
 *   columns of the monthly PDF whose header already says `(R$)`.
 * - `parsePrintedReais`: an amount another system printed (the origin's portal): exactly two decimals, zero allowed.
 * - `formatReais` / `parseReais`: the decimal-point text of operators and CSV (`150.00`).
 * - `reaisNumber`: the JSON number of the API (`header.price`).
 */

/** An amount the operator typed that is not a positive number of reais with at most two decimals. */
export class InvalidAmountError extends Error {
  override readonly name = 'InvalidAmountError';
  readonly code = 'invalid_amount';
  constructor(readonly input: string) {
    super(
      `amount must be a positive number of reais with at most two decimals and a dot (150, 150.5, 150.00), got ${JSON.stringify(input)}`,
    );
  }
}

function wholeCentavos(centavos: number): void {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`centavos must be an integer, got ${centavos}`);
}

function thousands(whole: number): string {
  return String(whole).replace(/\B(?=([0-9]{3})+$)/g, '.');
}

function centavosPart(abs: number): string {
  return String(abs % 100).padStart(2, '0');
}

/** 123456 → "R$ 1.234,56", -7250 → "-R$ 72,50": the one rendering a customer reads (decision 0113). */
export function formatBrl(centavos: number): string {
  wholeCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  return `${sign}R$ ${formatReaisBrasil(Math.abs(centavos))}`;
}

/** 123456 → "1.234,56": centavos as a Brazilian form shows them back (no "R$", for an input's value or a column). */
export function formatReaisBrasil(centavos: number): string {
  wholeCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${thousands(Math.trunc(abs / 100))},${centavosPart(abs)}`;
}

// As people type money in Brazil: comma for the centavos, optionally dots between thousands ("1.234,56"), optionally
// "R$" in front. Thousands dots, when used, group every three digits; a bare dot is never read as a decimal point.
const REAIS_BRASIL = /^(?:R\$\s?)?((?:[1-9][0-9]{0,2}(?:\.[0-9]{3})+)|0|[1-9][0-9]*)(?:,([0-9]{1,2}))?$/;

/**
 * "150,00" → 15000, "1.234,56" → 123456, "R$ 10" → 1000: a positive amount a person typed in a form, as centavos;
 * undefined for anything else (a dot as decimal point, three decimals, a sign, zero).
 */
export function parseReaisBrasil(input: string): number | undefined {
  const match = REAIS_BRASIL.exec(input.trim());
  if (match === null) return undefined;
  const [, whole = '', fraction = ''] = match;
  const centavos = Number(whole.replaceAll('.', '')) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) && centavos > 0 ? centavos : undefined;
}

// As a system prints an amount: always two decimals after the comma, dots between thousands optional, "R$" optional.
const PRINTED_REAIS = /^(?:R\$\s?)?(\d{1,3}(?:\.?\d{3})*),(\d{2})$/;

/** "1.234,56" or "R$ 1.234,56" → 123456, "0,00" → 0; undefined for anything that is not an amount as printed. */
export function parsePrintedReais(text: string): number | undefined {
  const match = PRINTED_REAIS.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '', cents = ''] = match;
  const centavos = Number(whole.replaceAll('.', '')) * 100 + Number(cents);
  return Number.isSafeInteger(centavos) ? centavos : undefined;
}

// No sign, no exponent, no thousands separator, no comma, no leading zeros ("0150" is a typo until proven otherwise).
const REAIS = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,2}))?$/;

/** "150.00" → 15000. Strict: anything but a positive amount with at most two decimals throws InvalidAmountError. */
export function parseReais(input: string): number {
  const match = REAIS.exec(input);
  if (match === null) throw new InvalidAmountError(input);
  const [, whole = '', fraction = ''] = match;
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(centavos) || centavos <= 0) throw new InvalidAmountError(input);
  return centavos;
}

/** 15000 → "150.00", -1250 → "-12.50": exact decimal text, for operators and CSV. */
export function formatReais(centavos: number): string {
  wholeCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.trunc(abs / 100)}.${centavosPart(abs)}`;
}

/**
 * 15000 → 150, -1250 → -12.5: a signed JSON number in reais, like `header.price` (docs/api.md). A safe integer divided
 * by 100 is the double nearest the exact decimal, which JSON prints with at most two decimals.
 */
export function reaisNumber(centavos: number): number {
  wholeCentavos(centavos);
  return centavos / 100;
}
