/**
 * Money between the origin and the service (architecture rule 3: integer centavos inside). The portal prints
 * reais with a decimal comma and dot thousands (`R$ 1.234,56`); parsing the digits avoids any float on the way.
 */

const REAIS = /^(?:R\$\s?)?(\d{1,3}(?:\.?\d{3})*),(\d{2})$/;

/** `"1.234,56"` → 123456. Undefined for anything that is not an amount as the portal writes it. */
export function reaisToCentavos(text: string): number | undefined {
  const match = REAIS.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '', cents = ''] = match;
  const centavos = Number(whole.replaceAll('.', '')) * 100 + Number(cents);
  return Number.isSafeInteger(centavos) ? centavos : undefined;
}

/** 123456 → `"1.234,56"`: how the portal prints an amount (used by the simulator). */
export function centavosToReaisText(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`not an amount in centavos: ${centavos}`);
  const whole = Math.floor(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(centavos % 100).padStart(2, '0')}`;
}
