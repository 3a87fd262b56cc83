import { centavosToReaisText } from '@regapi/origin';

/** Contract 2.5 `dados.total_pago`: the amount debited, formatted in reais (`R$ 1.234,56`). */
export function reaisText(centavos: number): string {
  return `R$ ${centavosToReaisText(centavos)}`;
}
