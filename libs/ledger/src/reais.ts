/**
 * Reais at the edges (architecture rule 3: integer centavos inside, two decimals only at the API edge). Operators type
 * amounts (`--amount 150.00`) and read balances; both go through here so a typo never becomes money.
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

function wholeCentavos(centavos: number): void {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`centavos must be an integer, got ${centavos}`);
}

/** 15000 → "150.00", -1250 → "-12.50": exact decimal text, for operators and CSV. */
export function formatReais(centavos: number): string {
  wholeCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 15000 → 150, -1250 → -12.5: a signed JSON number in reais, like `header.price` (docs/api.md). A safe integer divided
 * by 100 is the double nearest the exact decimal, which JSON prints with at most two decimals.
 */
export function reaisNumber(centavos: number): number {
  wholeCentavos(centavos);
  return centavos / 100;
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

/** 123456 → "1.234,56": centavos as a Brazilian form shows them back (no "R$", for an input's value). */
export function formatReaisBrasil(centavos: number): string {
  wholeCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=([0-9]{3})+$)/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}
