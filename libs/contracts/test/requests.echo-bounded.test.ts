import { validateIdempotencyKey, validateRequest } from '@regapi/contracts';

// Issue 12 item 5: a 422 echoes what was sent in `valor` only when it is small, so no answer grows with the input and
// no deep value reaches JSON.stringify.

const valid = { cpf_cnpj: '52998224725', uf: 'SP' };

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

function errorsOf(body: unknown) {
  const validation = validateRequest('pesquisa-previa-bens', body);
  if (validation.ok) throw new Error('expected a refusal');
  return validation.errors;
}

test('a value nested 5,000 levels is refused without being echoed, and the errors serialize', () => {
  const errors = errorsOf({ ...valid, nome: nested(5000) });
  expect(errors).toEqual([expect.objectContaining({ campo: 'nome', regra: 'type' })]);
  expect(errors[0]).not.toHaveProperty('valor');
  expect(() => JSON.stringify(errors)).not.toThrow();
});

test('a long text, a long list and a wide object are refused without being echoed', () => {
  for (const nome of ['x'.repeat(20_000), Array.from({ length: 5000 }, () => 'x'), { ...Array(5000).fill(1) }]) {
    const errors = errorsOf({ ...valid, nome });
    expect(errors[0]).toEqual(expect.objectContaining({ campo: 'nome' }));
    expect(errors[0]).not.toHaveProperty('valor');
  }
});

test('a small value is still echoed, as contract 2.1 shows', () => {
  expect(errorsOf({ ...valid, uf: ['SP', 'RJ'] })).toEqual([
    expect.objectContaining({ campo: 'uf', valor: ['SP', 'RJ'] }),
  ]);
  expect(errorsOf({ ...valid, extra: { x: 1 } })).toEqual([
    expect.objectContaining({ campo: 'extra', valor: { x: 1 } }),
  ]);
});

test('an Idempotency-Key of 10,000 characters is refused without being echoed', () => {
  const validation = validateIdempotencyKey('k'.repeat(10_000));
  expect(validation.ok).toBe(false);
  if (validation.ok) return;
  expect(validation.errors[0]).not.toHaveProperty('valor');
});
