import {
  DEFAULT_DELIVERY_LIMIT,
  defineTopology,
  InvalidTopologyError,
  ORIGIN_TASKS_PREFETCH,
  QUEUE,
  resolveQueues,
  topicMatches,
  topology,
} from '../src';

test('the default topology: five quorum work queues with their bindings, each with a dead-letter queue', () => {
  expect(topology.exchange).toBe('regapi');
  expect(topology.queues.map((queue) => [queue.name, queue.bindings])).toEqual([
    [QUEUE.originTasks, ['origin.task.#']],
    [QUEUE.billingSettlements, ['order.finished.#', 'order.reconciled.#']],
    [QUEUE.archiveDocuments, ['document.delivered.#']],
    [QUEUE.reconcilerEvents, ['reconciler.#']],
    [
      QUEUE.webhookEvents,
      [
        'order.finished.#',
        'order.reconciled.#',
        'order.revised.#',
        'billing.refunded.#',
        'account.balance-low',
        'watch.changed',
      ],
    ],
  ]);
  const resolved = resolveQueues(topology);
  expect(resolved.filter((queue) => queue.kind === 'dead-letter').map((queue) => queue.name)).toEqual([
    'origin.tasks.dlq',
    'billing.settlements.dlq',
    'archive.documents.dlq',
    'reconciler.events.dlq',
    'webhooks.events.dlq',
  ]);
  expect(resolved.find((queue) => queue.name === 'origin.tasks')).toMatchObject({
    singleActiveConsumer: true,
    maxPrefetch: ORIGIN_TASKS_PREFETCH,
    deliveryLimit: DEFAULT_DELIVERY_LIMIT,
  });
});

test.each([
  ['origin.task.#', 'origin.task', true],
  ['origin.task.#', 'origin.task.search.sp', true],
  ['origin.task.#', 'origin.tasks', false],
  ['order.*', 'order.finished', true],
  ['order.*', 'order.finished.ok', false],
  ['order.*', 'order', false],
  ['*.finished.#', 'order.finished', true],
  ['#.delivered', 'document.pdf.delivered', true],
  ['#', 'anything.at.all', true],
  ['a.#.z', 'a.z', true],
  ['a.#.z', 'a.b.c.z', true],
  ['a.#.z', 'a.b.c', false],
])('topic pattern %s against %s matches: %s', (pattern, key, expected) => {
  expect(topicMatches(pattern, key)).toBe(expected);
});

test.each([
  [
    'a queue declared twice',
    [
      { name: 'a', bindings: ['a.#'] },
      { name: 'a', bindings: ['b.#'] },
    ],
  ],
  [
    'a name clashing with a dead-letter queue',
    [
      { name: 'a', bindings: ['a.#'] },
      { name: 'a.dlq', bindings: ['b'] },
    ],
  ],
  ['a queue without bindings', [{ name: 'a', bindings: [] }]],
  ['a half-wildcard word', [{ name: 'a', bindings: ['order.fin*'] }]],
  ['an empty word', [{ name: 'a', bindings: ['order..x'] }]],
  ['a negative delivery limit', [{ name: 'a', bindings: ['a'], deliveryLimit: -1 }]],
  ['a zero prefetch cap', [{ name: 'a', bindings: ['a'], maxPrefetch: 0 }]],
])('a topology with %s is refused at startup', (_, queues) => {
  expect(() => defineTopology({ exchange: 'x', deadLetterExchange: 'x.dlx', queues })).toThrow(InvalidTopologyError);
});
