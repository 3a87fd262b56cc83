import type { Fonte } from '@regapi/contracts';
import { InvalidLedgerInputError, MissingPlanMarginError } from './errors';
import type { Plan } from './plans';

export interface Price {
  /** What the customer pays: office fee + margin. */
  readonly totalCentavos: number;
  /** The office fee (Provimento CNJ 127/2022 tariff of the office's state). */
  readonly emolumentosCentavos: number;
  readonly margemCentavos: number;
}

/**
 * The quote rule, in one place (contract 8: office fee set by state tariff plus a margin that varies by plan):
 * margin = round(fee x bps / 10 000) + fixed, rounding half up in integer arithmetic (no floating-point centavos).
 * A zero fee is refused: it means the tariff is unknown, and such a product is not offered (architecture rule 5: a 602).
 */
export function priceWithMargin(plan: Pick<Plan, 'id' | 'margins'>, fonte: Fonte, officeFeeCentavos: number): Price {
  if (!Number.isSafeInteger(officeFeeCentavos) || officeFeeCentavos <= 0) {
    throw new InvalidLedgerInputError(
      'officeFeeCentavos',
      `must be a positive integer (a zero fee is unknown, not free), got ${officeFeeCentavos}`,
    );
  }
  const margin = plan.margins[fonte];
  if (margin === undefined) throw new MissingPlanMarginError(plan.id, fonte);
  const percentage = Math.floor((officeFeeCentavos * margin.margin_bps + 5_000) / 10_000);
  const margemCentavos = percentage + margin.margin_fixed_centavos;
  const totalCentavos = officeFeeCentavos + margemCentavos;
  if (!Number.isSafeInteger(totalCentavos)) {
    throw new InvalidLedgerInputError('officeFeeCentavos', `price overflows: ${officeFeeCentavos}`);
  }
  return { totalCentavos, emolumentosCentavos: officeFeeCentavos, margemCentavos };
}
