import {
  isPermanent,
  isRefunded,
  isResultCode,
  isRetryable,
  RESULT_CLASS_INFO,
  RESULT_CLASSES,
  RESULT_CODES,
  type ResultCode,
  resultClassOf,
  resultCode,
} from '@regapi/contracts';

/** Contract 7.3, copied by hand from docs/contract.md: the table under test must agree with it row by row. */
const SPEC_TABLE = [
  { class: 'sucesso', codes: [200], refunded: false, retry: false },
  { class: 'nao_encontrado', codes: [612], refunded: false, retry: false },
  { class: 'indeterminado', codes: [611], refunded: false, retry: false },
  { class: 'erro_participante', codes: [608, 619, 620], refunded: false, retry: true },
  { class: 'retry', codes: [600, 605, 609, 610, 613, 614, 615, 618], refunded: true, retry: true },
  { class: 'fatal', codes: [601, 602, 603, 604, 606, 607, 617, 621, 622], refunded: true, retry: false },
] as const;

test('the table has every code of contract 7.3 and nothing else, ascending, each once', () => {
  const specCodes = SPEC_TABLE.flatMap((row) => row.codes).sort((a, b) => a - b);
  expect(RESULT_CODES.map((row) => row.code)).toEqual(specCodes);
  expect(new Set(specCodes).size).toBe(specCodes.length);
  expect(RESULT_CODES).toHaveLength(23);
});

test.each(SPEC_TABLE.flatMap((row) => row.codes.map((code) => [code, row] as const)))(
  '%i is in its class with its refund and retry flags',
  (code, row) => {
    expect(resultCode(code)).toMatchObject({ code, class: row.class, refunded: row.refunded, retry: row.retry });
    expect(resultClassOf(code)).toBe(row.class);
    expect(isRefunded(code)).toBe(row.refunded);
    expect(isRetryable(code)).toBe(row.retry);
  },
);

test('the six classes, and their flags, are those of contract 7.3', () => {
  expect([...RESULT_CLASSES]).toEqual(SPEC_TABLE.map((row) => row.class));
  for (const row of SPEC_TABLE) {
    expect(RESULT_CLASS_INFO[row.class]).toMatchObject({ refunded: row.refunded, retry: row.retry });
  }
});

test('erro_participante is the only failure class that keeps the money (contract 7.4)', () => {
  const failures = RESULT_CODES.filter((row) => row.class !== 'sucesso');
  const kept = new Set(failures.filter((row) => !row.refunded).map((row) => row.class));
  expect([...kept].sort()).toEqual(['erro_participante', 'indeterminado', 'nao_encontrado']);
  expect(RESULT_CODES.filter((row) => row.class === 'fatal').every((row) => row.refunded)).toBe(true);
});

test('602 and 603 are permanent and no other code is (contract 7.5)', () => {
  expect(RESULT_CODES.filter((row) => row.permanent).map((row) => row.code)).toEqual([602, 603]);
  expect(isPermanent(602)).toBe(true);
  expect(isPermanent(603)).toBe(true);
  expect(isPermanent(605)).toBe(false);
  expect(isRetryable(602)).toBe(false);
});

test('607 follows its class: refunded, although the origin bills it (contract 7.8)', () => {
  expect(resultCode(607)).toMatchObject({ class: 'fatal', refunded: true, retry: false });
});

test('605 is the origin timeout, in the refunded retry class (contract 7.7)', () => {
  expect(resultCode(605)).toMatchObject({ class: 'retry', refunded: true, retry: true });
});

test('a number outside the table is not a result code', () => {
  for (const code of [0, 201, 202, 422, 599, 616, 623, 700]) {
    expect(isResultCode(code)).toBe(false);
    expect(resultCode(code)).toBeUndefined();
  }
  const known: ResultCode = 612;
  expect(isResultCode(known)).toBe(true);
});

test('the table is frozen: nobody edits the single copy at run time', () => {
  expect(Object.isFrozen(RESULT_CODES)).toBe(true);
  expect(RESULT_CODES.every((row) => Object.isFrozen(row))).toBe(true);
});
