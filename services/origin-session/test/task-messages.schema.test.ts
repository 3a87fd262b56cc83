import { originTaskMessage, topicMatches, topology } from '@regapi/bus';
import { CHECK_REASONS, checkOrderTask, runOrderTask, syncCatalogTask } from '../src/tasks/task-messages';

// Decision 0116: the tasks origin-session sends itself are `origin.task` messages as their schema says (check-order's
// `attempt` declared, no longer riding along undeclared), routed to `origin.tasks`.

const order = {
  id: '6f1c1f2e-8a43-4c55-9d55-0f6f1b0b1f7a',
  protocolo: '202611230000427',
  fonte: 'pesquisa-previa-bens',
};

test.each([
  ['run-order', runOrderTask(order)],
  ['check-order (search retries)', checkOrderTask(order, CHECK_REASONS.searchRetries, 1)],
  ['check-order (certificate issue, a later check)', checkOrderTask(order, CHECK_REASONS.certificateIssue, 4)],
  ['sync-catalog', syncCatalogTask()],
])('%s validates against origin.task and is routed to origin.tasks', (_name, task) => {
  expect(originTaskMessage.errors(task.payload)).toBe('');
  const origin = topology.queues.find((queue) => queue.name === 'origin.tasks');
  expect(origin?.bindings.some((pattern) => topicMatches(pattern, task.routingKey))).toBe(true);
});

test("check-order's attempt: absent is the first check; one below 1 is refused", () => {
  const first = { kind: 'check-order', order_id: order.id, protocolo: order.protocolo, reason: 'search-retries' };
  expect(originTaskMessage.parse(first)).toEqual(first);
  expect(originTaskMessage.parse(checkOrderTask(order, CHECK_REASONS.searchRetries, 3).payload)).toMatchObject({
    kind: 'check-order',
    attempt: 3,
  });
  expect(originTaskMessage.parse(checkOrderTask(order, CHECK_REASONS.searchRetries, 0).payload)).toBeUndefined();
});
