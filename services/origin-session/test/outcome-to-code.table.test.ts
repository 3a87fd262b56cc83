import { isPermanent, isResultCode, resultClassOf } from '@regapi/contracts';
import { OUTCOME_CODES, outcomeCode } from '../src';

const entries = Object.entries(OUTCOME_CODES);

test('every origin outcome kind has a rule, and every code it names is in the contracts table', () => {
  // 33 kinds: a placing call and a check name one origin fact the same way (decision 0115).
  expect(entries.length).toBeGreaterThanOrEqual(33);
  for (const [kind, rule] of entries) {
    if (rule.code === 'continues') {
      expect(rule.effect).toBe('none');
      expect(outcomeCode({ kind: kind as keyof typeof OUTCOME_CODES })).toBeUndefined();
    } else {
      expect(isResultCode(rule.code)).toBe(true);
      expect(outcomeCode({ kind: kind as keyof typeof OUTCOME_CODES })?.code).toBe(rule.code);
    }
    expect(rule.why.length).toBeGreaterThan(5);
  }
});

test('the classes follow contract 7.3', () => {
  const classOf = (kind: keyof typeof OUTCOME_CODES) => {
    const { code } = OUTCOME_CODES[kind];
    return code === 'continues' ? 'continues' : resultClassOf(code);
  };
  expect(classOf('found')).toBe('sucesso');
  expect(classOf('nothing-found')).toBe('nao_encontrado');
  expect(classOf('cannot-issue-online')).toBe('indeterminado');
  expect(['data-refused', 'data-changed'].map((kind) => classOf(kind as 'data-refused'))).toEqual([
    'erro_participante',
    'erro_participante',
  ]);
  for (const kind of ['timeout', 'down', 'overloaded', 'too-many-attempts', 'session-lost', 'receipt-error'] as const) {
    expect(classOf(kind)).toBe('retry');
  }
  for (const kind of ['service-unavailable', 'service-invalid', 'blocked', 'captcha', 'protocol-error'] as const) {
    expect(classOf(kind)).toBe('fatal');
  }
  // Contract 7.7: the origin timeout is 605.
  expect(OUTCOME_CODES.timeout.code).toBe(605);
});

test('a product outage (contract 7.5) is exactly a permanent code reported by the origin, except the repeated order (7.6) and one office out of service (issue 12)', () => {
  const notTheProduct = new Set(['repeated-order', 'office-unavailable']);
  for (const [kind, rule] of entries) {
    const permanent = rule.code !== 'continues' && isPermanent(rule.code);
    expect({ kind, product: rule.effect === 'product-out-of-service' }).toEqual({
      kind,
      product: permanent && !notTheProduct.has(kind),
    });
  }
  expect(OUTCOME_CODES['repeated-order']).toMatchObject({ code: 602, effect: 'none' });
  expect(OUTCOME_CODES['service-unavailable']).toMatchObject({ code: 602, effect: 'product-out-of-service' });
  // One office of 3,567 out of service ends THAT order (602, refunded) and marks THAT office, never the product.
  expect(OUTCOME_CODES['office-unavailable']).toMatchObject({ code: 602, effect: 'office-out-of-service' });
  expect(entries.filter(([, rule]) => rule.effect === 'office-out-of-service').map(([kind]) => kind)).toEqual([
    'office-unavailable',
  ]);
});
