import type { StatementLine } from '../statement';

/** Entries without a product (top-ups, adjustments) are totalled under this name. */
export const NO_PRODUCT = 'sem-produto';

/** The movements of one product in a month: debits (negative), refunds and other credits, and their net. */
export interface ProductTotal {
  readonly produto: string;
  readonly lancamentos: number;
  /** Sum of the negative amounts (≤ 0). */
  readonly saidas_centavos: number;
  /** Sum of the positive amounts (≥ 0). */
  readonly entradas_centavos: number;
  readonly liquido_centavos: number;
}

/** A month of one account: opening, every movement's sums, closing. closing = opening + entradas + saidas. */
export interface MonthlySummary {
  readonly openingCentavos: number;
  readonly closingCentavos: number;
  readonly creditsCentavos: number;
  readonly debitsCentavos: number;
  readonly lines: number;
  /** One per product with movements in the month, by name. */
  readonly products: readonly ProductTotal[];
}

/**
 * Totals of a month from its opening balance and its lines (in the order applied). The closing balance is the
 * opening plus every amount: it is not read from the last line, so a test can hold the two against each other.
 */
export function monthlySummary(openingCentavos: number, lines: readonly StatementLine[]): MonthlySummary {
  const byProduct = new Map<string, { lancamentos: number; saidas: number; entradas: number }>();
  let credits = 0;
  let debits = 0;
  for (const line of lines) {
    const name = line.fonte ?? NO_PRODUCT;
    const total = byProduct.get(name) ?? { lancamentos: 0, saidas: 0, entradas: 0 };
    total.lancamentos += 1;
    if (line.amount_centavos < 0) {
      total.saidas += line.amount_centavos;
      debits += line.amount_centavos;
    } else {
      total.entradas += line.amount_centavos;
      credits += line.amount_centavos;
    }
    byProduct.set(name, total);
  }
  const products = [...byProduct.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([produto, total]) => ({
      produto,
      lancamentos: total.lancamentos,
      saidas_centavos: total.saidas,
      entradas_centavos: total.entradas,
      liquido_centavos: total.entradas + total.saidas,
    }));
  return {
    openingCentavos,
    closingCentavos: openingCentavos + credits + debits,
    creditsCentavos: credits,
    debitsCentavos: debits,
    lines: lines.length,
    products,
  };
}
