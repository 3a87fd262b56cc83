import { FONTES, RESULT_CODES } from '@regapi/contracts';
import { decideOnFinish, decideOnReconciliation, REFUND_REASONS, UnsettleableOrderError } from '../src';

const order_id = crypto.randomUUID();

test('by class, for every code and product: retry and fatal refunded, the other classes kept', () => {
  for (const fonte of FONTES) {
    for (const { code, class: resultClass } of RESULT_CODES) {
      const decision = decideOnFinish({ order_id, fonte, code, status_consulta: null });
      if (fonte === 'visualizacao-matricula' && code === 605) {
        expect(decision).toEqual({ action: 'await_reconciliation' });
      } else if (resultClass === 'retry' || resultClass === 'fatal') {
        expect(decision).toEqual({
          action: 'refund',
          rule: 'class_refunded',
          code,
          reason: REFUND_REASONS.byClass(resultClass),
        });
      } else {
        expect(decision).toEqual({ action: 'keep', rule: 'class_kept', resultClass });
      }
    }
  }
});

test('a certificate INDISPONIVEL is refunded in full whatever its code; the other products are not affected', () => {
  for (const code of [200, 602, 611]) {
    expect(
      decideOnFinish({ order_id, fonte: 'certidao-inteiro-teor', code, status_consulta: 'INDISPONIVEL' }),
    ).toMatchObject({ action: 'refund', rule: 'certificate_unavailable', code });
  }
  expect(
    decideOnFinish({ order_id, fonte: 'visualizacao-matricula', code: 200, status_consulta: 'INDISPONIVEL' }),
  ).toMatchObject({ action: 'keep' });
});

test('the reconciliation of a record view: found keeps, not found refunds saying the registry charged nothing', () => {
  expect(decideOnReconciliation({ outcome: 'found' })).toEqual({ action: 'keep', rule: 'reconciliation_found' });
  const refund = decideOnReconciliation({ outcome: 'not_found' });
  expect(refund).toMatchObject({ action: 'refund', rule: 'reconciliation_not_found', code: 605 });
  expect(refund.action === 'refund' && refund.reason).toContain('nada foi cobrado pelo cartório');
});

test('an unknown code or product cannot be settled (the message goes to the dead-letter queue)', () => {
  expect(() => decideOnFinish({ order_id, fonte: 'pesquisa-previa-bens', code: 616, status_consulta: null })).toThrow(
    UnsettleableOrderError,
  );
  expect(() => decideOnFinish({ order_id, fonte: 'outra', code: 200, status_consulta: null })).toThrow(
    UnsettleableOrderError,
  );
});
