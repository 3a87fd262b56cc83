import {
  orderFinishedMessage,
  orderFinishedRoutingKey,
  orderReconciledMessage,
  orderReconciledRoutingKey,
  topicMatches,
  topology,
} from '@regapi/bus';

const finished = {
  order_id: '6f1c1f2e-8a43-4c55-9d55-0f6f1b0b1f7a',
  protocolo: '2026112300000042',
  account_id: '0b6e1c8e-1d2a-4a8e-8c55-2f6f1b0b1f7b',
  fonte: 'certidao-inteiro-teor',
  code: 200,
  status_consulta: 'INDISPONIVEL',
  finished_at: '2026-11-23T15:04:05.123Z',
};

test('order.finished: validated at the edge, unknown fields ignored, wrong shapes refused with a reason', () => {
  expect(orderFinishedMessage.parse({ ...finished, novo_campo: 1 })).toEqual({ ...finished, novo_campo: 1 });
  expect(orderFinishedMessage.parse({ ...finished, status_consulta: null, uf: 'SP' })).toBeDefined();
  for (const broken of [
    { ...finished, order_id: 'x' },
    { ...finished, protocolo: 'P-1' },
    { ...finished, code: '605' },
    { ...finished, code: 905 },
    { ...finished, finished_at: 'ontem' },
    { ...finished, uf: 'sp' },
    { ...finished, fonte: 'a.b' },
    { ...finished, status_consulta: undefined },
    null,
    'order',
  ]) {
    expect(orderFinishedMessage.parse(broken)).toBeUndefined();
  }
  expect(orderFinishedMessage.errors({ ...finished, code: 'x' })).toContain('code');
  expect(orderFinishedMessage.errors(finished)).toBe('');
});

test('order.reconciled: found | not_found only', () => {
  const { code: _code, status_consulta: _status, finished_at: _at, ...ids } = finished;
  const reconciled = {
    ...ids,
    fonte: 'visualizacao-matricula',
    outcome: 'not_found',
    reconciled_at: finished.finished_at,
  };
  expect(orderReconciledMessage.parse(reconciled)).toEqual(reconciled);
  expect(orderReconciledMessage.parse({ ...reconciled, outcome: 'maybe' })).toBeUndefined();
});

test('routing keys carry the product, and both kinds reach billing.settlements', () => {
  expect(orderFinishedRoutingKey('visualizacao-matricula')).toBe('order.finished.visualizacao-matricula');
  expect(orderReconciledRoutingKey('visualizacao-matricula')).toBe('order.reconciled.visualizacao-matricula');
  expect(() => orderFinishedRoutingKey('a.b')).toThrow(RangeError);
  const billing = topology.queues.find((queue) => queue.name === 'billing.settlements');
  for (const key of [
    orderFinishedRoutingKey('pesquisa-previa-bens'),
    orderReconciledRoutingKey('pesquisa-previa-bens'),
  ]) {
    expect(billing?.bindings.some((pattern) => topicMatches(pattern, key))).toBe(true);
  }
});
