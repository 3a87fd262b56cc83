import { isPermanent, isResultCode, resultClassOf } from '@regapi/contracts';
import { OUTCOME_CODES, outcomeCode } from '../src';

const entries = Object.entries(OUTCOME_CODES);

test('every origin outcome kind has a rule, and every code it names is in the contracts table', () => {
  expect(entries.length).toBeGreaterThanOrEqual(35);
  for (const [kind, rule] of entries) {
    if (rule.code === 'continues') {
      expect(rule.outage).toBe(false);
      expect(outcomeCode({ kind: kind as keyof typeof OUTCOME_CODES })).toBeUndefined();
    } else {
      expect(isResultCode(rule.code)).toBe(true);
      expect(outcomeCode({ kind: kind as keyof typeof OUTCOME_CODES })?.code).toBe(rule.code);
    }
    expect(rule.why.length).toBeGreaterThan(5);
  }
});

test('the classes follow spec 7.3', () => {
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
  // Spec 7.7: the origin timeout is 605.
  expect(OUTCOME_CODES.timeout.code).toBe(605);
});

test('an outage (spec 7.5) is exactly a permanent code reported by the origin, except the repeated order (7.6)', () => {
  for (const [kind, rule] of entries) {
    const permanent = rule.code !== 'continues' && isPermanent(rule.code);
    expect({ kind, outage: rule.outage }).toEqual({ kind, outage: permanent && kind !== 'repeated-order' });
  }
  expect(OUTCOME_CODES['repeated-order']).toMatchObject({ code: 602, outage: false });
  expect(OUTCOME_CODES['service-unavailable']).toMatchObject({ code: 602, outage: true });
});
