import { type OrderSummary, pickListedRecordView, sameRecordNumber } from '../src';

function listed(numeroPedido: string, cartorioCns: string | null, matricula: string | null): OrderSummary {
  return {
    numeroPedido,
    produto: 'visualizacao',
    criadoEm: '2026-03-11T13:00:00.000Z',
    situacao: 'concluido',
    cartorioCns,
    matricula,
    documento: null,
    valorCentavos: 2_796,
  };
}

test('one record written three ways: leading zeros and the CNM (its record number) are the same record', () => {
  expect(sameRecordNumber('0012345', '12345')).toBe(true);
  // CNM 123456.2.0012345-DD: CNS, book 2, record 0012345, check digits.
  expect(sameRecordNumber('123456.2.0012345-07', '12345')).toBe(true);
  expect(sameRecordNumber('12346', '12345')).toBe(false);
});

test('the exact record at the office wins; another office never matches', () => {
  const candidates = [listed('1', '111111', '12345'), listed('2', '222222', '12345'), listed('3', '222222', '999')];
  expect(pickListedRecordView(candidates, '222222', '012345')?.numeroPedido).toBe('2');
  expect(pickListedRecordView(candidates, '333333', '12345')).toBeUndefined();
});

test('without the exact record, the one unowned order at that office is ours (a record re-opened under a new number)', () => {
  expect(pickListedRecordView([listed('7', '222222', '777')], '222222', '12345')?.numeroPedido).toBe('7');
  expect(pickListedRecordView([listed('7', '222222', '777'), listed('8', '222222', null)], '222222', '12345')).toBe(
    undefined,
  );
});
