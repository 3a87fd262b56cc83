import { originTaskMessage, REQUEST_ID_HEADER, topicMatches, topology } from '@regapi/bus';
import { checkOrderMessage, listOrdersMessage, RECONCILER_CHECK_REASONS, runOrderMessage } from '../src/origin-tasks';

// Decision 0116: the tasks the reconciler sends origin-session are `origin.task` messages as their schema says (the
// check's `attempt` declared there), routed to `origin.tasks` with the order's request id.

const order = {
  id: '6f1c1f2e-8a43-4c55-9d55-0f6f1b0b1f7a',
  protocolo: '202611230000427',
  fonte: 'visualizacao-matricula',
  requestId: 'req-1',
};

test.each([
  ['check-order (certificate watch)', checkOrderMessage(order, RECONCILER_CHECK_REASONS.certificateWatch, 3)],
  ['check-order (record view)', checkOrderMessage(order, RECONCILER_CHECK_REASONS.recordViewReconciliation, 1)],
  ['list-orders', listOrdersMessage(new Date('2026-11-22T03:00:00.000Z'))],
  ['run-order', runOrderMessage(order)],
])('%s validates against origin.task and is routed to origin.tasks', (_name, message) => {
  expect(originTaskMessage.errors(message.payload)).toBe('');
  const origin = topology.queues.find((queue) => queue.name === 'origin.tasks');
  expect(origin?.bindings.some((pattern) => topicMatches(pattern, message.routingKey))).toBe(true);
});

test('a check carries its attempt and the request id of the order', () => {
  const message = checkOrderMessage(order, RECONCILER_CHECK_REASONS.certificateWatch, 3);
  expect(originTaskMessage.parse(message.payload)).toEqual({
    kind: 'check-order',
    order_id: order.id,
    protocolo: order.protocolo,
    reason: 'certificate-watch',
    attempt: 3,
  });
  expect(message.headers).toEqual({ [REQUEST_ID_HEADER]: 'req-1' });
});
