import { findValidatorCode } from '../src';

describe('the validator code in a certificate text layer', () => {
  it('is read after its label, whatever the accents and spacing of the extraction', () => {
    expect(findValidatorCode('...dou fé.\nCódigo de validação: 7K2Q-9XTA-04MB-C3PD\nDocumento assinado')).toBe(
      '7K2Q-9XTA-04MB-C3PD',
    );
    expect(findValidatorCode('CODIGO DE VALIDACAO 7K2Q-9XTA-04MB-C3PD')).toBe('7K2Q-9XTA-04MB-C3PD');
  });

  it('is null without the label or with a malformed code', () => {
    expect(findValidatorCode('Protocolo 7K2Q-9XTA-04MB-C3PD')).toBeNull();
    expect(findValidatorCode('Código de validação: 7K2Q-9XT')).toBeNull();
  });
});
