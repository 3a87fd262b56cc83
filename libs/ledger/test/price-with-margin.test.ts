import fc from 'fast-check';
import { InvalidLedgerInputError, MissingPlanMarginError, type Plan, priceWithMargin } from '../src';

const plan = (margin_bps: number, margin_fixed_centavos: number): Plan => ({
  id: 'teste',
  name: 'Teste',
  margins: { 'pesquisa-previa-bens': { margin_bps, margin_fixed_centavos } },
  maxOpenOrders: 500,
});

test('quote = office fee + percentage (half up, integer) + fixed margin', () => {
  expect(priceWithMargin(plan(2000, 300), 'pesquisa-previa-bens', 4_000)).toEqual({
    totalCentavos: 5_100,
    emolumentosCentavos: 4_000,
    margemCentavos: 1_100,
  });
  // 15 % of 1 001 = 150.15 -> 150; of 1 003 = 150.45 -> 150; of 1 010 = 151.5 -> 152 (half up).
  expect(priceWithMargin(plan(1500, 0), 'pesquisa-previa-bens', 1_001).margemCentavos).toBe(150);
  expect(priceWithMargin(plan(1500, 0), 'pesquisa-previa-bens', 1_003).margemCentavos).toBe(150);
  expect(priceWithMargin(plan(1500, 0), 'pesquisa-previa-bens', 1_010).margemCentavos).toBe(152);
  expect(priceWithMargin(plan(0, 250), 'pesquisa-previa-bens', 999).totalCentavos).toBe(1_249);
});

test('a zero or fractional fee is refused (unknown, not free), and so is a product without margin', () => {
  expect(() => priceWithMargin(plan(1000, 0), 'pesquisa-previa-bens', 0)).toThrow(InvalidLedgerInputError);
  expect(() => priceWithMargin(plan(1000, 0), 'pesquisa-previa-bens', 12.5)).toThrow(InvalidLedgerInputError);
  expect(() => priceWithMargin(plan(1000, 0), 'certidao-inteiro-teor', 100)).toThrow(MissingPlanMarginError);
});

test('for any fee and margin: whole centavos, total = fee + margin, margin within half a centavo of the rate', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 100_000 }),
      (fee, bps, fixed) => {
        const price = priceWithMargin(plan(bps, fixed), 'pesquisa-previa-bens', fee);
        expect(Number.isSafeInteger(price.totalCentavos)).toBe(true);
        expect(price.totalCentavos).toBe(price.emolumentosCentavos + price.margemCentavos);
        expect(price.emolumentosCentavos).toBe(fee);
        expect(Math.abs(price.margemCentavos - fixed - (fee * bps) / 10_000)).toBeLessThanOrEqual(0.5);
      },
    ),
  );
});
