import { IDEMPOTENCY_KEY_HEADER, NIL_UUID, validateIdempotencyKey } from '@regapi/contracts';
import fc from 'fast-check';

test('any UUID version is accepted, normalized to lowercase', () => {
  for (const key of [
    '3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47',
    '3F0C1D52-8A4E-4B7E-9C61-2F1A6B9D0E47',
    'c232ab00-9414-11ec-b3c8-9f6bdeced846',
    '01890a5d-ac96-774b-bcce-b302099a8057',
  ]) {
    expect(validateIdempotencyKey(key)).toEqual({ ok: true, value: key.toLowerCase() });
  }
  fc.assert(
    fc.property(fc.uuid(), (uuid) => {
      fc.pre(uuid !== NIL_UUID);
      expect(validateIdempotencyKey(uuid)).toEqual({ ok: true, value: uuid.toLowerCase() });
    }),
  );
});

test.each([undefined, null, '', '   '])('missing (%j) is a required error on Idempotency-Key', (value) => {
  expect(validateIdempotencyKey(value)).toEqual({
    ok: false,
    errors: [{ campo: IDEMPOTENCY_KEY_HEADER, regra: 'required', mensagem: expect.any(String) }],
  });
});

test.each([
  '12345678909',
  '123.456.789-09',
  '11222333000181',
  '11.222.333/0001-81',
  '12.ABC.345/01DE-35',
  '00000000000',
])('a CPF/CNPJ (%j) gets its own message and is not echoed (contract 4, execution rule 3)', (value) => {
  expect(validateIdempotencyKey(value)).toEqual({
    ok: false,
    errors: [{ campo: 'Idempotency-Key', regra: 'not-cpf-cnpj', mensagem: expect.stringMatching(/CPF\/CNPJ/) }],
  });
});

test.each([
  'not-a-uuid',
  'urn:uuid:3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47',
  '{3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47}',
  '3f0c1d528a4e4b7e9c612f1a6b9d0e47',
  '3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e4',
  '3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47 ',
  'g f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47',
  '1234',
])('%j is not a UUID: refused with its value', (value) => {
  expect(validateIdempotencyKey(value)).toEqual({
    ok: false,
    errors: [{ campo: 'Idempotency-Key', regra: 'uuid', mensagem: expect.stringMatching(/UUID/), valor: value }],
  });
});

test('the nil UUID is refused: it is a placeholder, never a generated key', () => {
  expect(validateIdempotencyKey(NIL_UUID)).toEqual({
    ok: false,
    errors: [expect.objectContaining({ campo: 'Idempotency-Key', regra: 'uuid-nil' })],
  });
});

test('the header sent twice (an array) or a non-string is a type error', () => {
  for (const value of [['3f0c1d52-8a4e-4b7e-9c61-2f1a6b9d0e47', 'x'], 42, {}]) {
    expect(validateIdempotencyKey(value)).toEqual({
      ok: false,
      errors: [expect.objectContaining({ campo: 'Idempotency-Key', regra: 'type' })],
    });
  }
});
