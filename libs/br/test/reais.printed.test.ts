import { formatReaisBrasil, parsePrintedReais } from '../src/reais';

describe('money another system printed: reais → integer centavos', () => {
  it.each([
    ['0,00', 0],
    ['41,63', 4163],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 1.234.567,89', 123456789],
    ['R$10,00', 1000],
  ])('%s is %d centavos', (text, centavos) => {
    expect(parsePrintedReais(text)).toBe(centavos);
  });

  it.each(['', '12', '12,5', '12.50', '1,234.56', '-1,00', 'R$ ,10', '12,345'])('refuses %p', (text) => {
    expect(parsePrintedReais(text)).toBeUndefined();
  });

  it("prints centavos the way the origin's portal does, and reads back the same amount", () => {
    for (const centavos of [0, 5, 99, 100, 4163, 123456, 100000000]) {
      expect(parsePrintedReais(formatReaisBrasil(centavos))).toBe(centavos);
    }
    expect(formatReaisBrasil(123456789)).toBe('1.234.567,89');
  });
});
