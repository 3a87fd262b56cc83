import fc from 'fast-check';
import { createFairQueue, type FairTask } from '../src';

/** The two corrections the runner makes to the queue (docs/decisions/0086): a task put back, the ceiling re-read. */

const HOUR = 3_600_000;
const search = (id: string, account: string): FairTask => ({ id, account, costMs: 72_000, search: true });
const view = (id: string, account: string): FairTask => ({ id, account, costMs: 60_000, search: false });

function drain(queue: ReturnType<typeof createFairQueue>, now = 0): string[] {
  const ids: string[] = [];
  for (let decision = queue.next(now); decision.kind === 'run'; decision = queue.next(now)) ids.push(decision.task.id);
  return ids;
}

test('a task put back runs next among its account, before the account tasks queued after it', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 29 }), (count, taken) => {
      const queue = createFairQueue({ hourlySearchCeiling: 1_000 });
      for (let i = 0; i < count; i++) queue.enqueue(i % 3 === 0 ? search(`a${i}`, 'a') : view(`a${i}`, 'a'));
      const handedOut: FairTask[] = [];
      for (let i = 0; i < Math.min(taken, count); i++) {
        const decision = queue.next(0);
        if (decision.kind === 'run') handedOut.push(decision.task);
      }
      const last = handedOut.pop();
      if (last !== undefined) queue.putBack(last);
      const rest = drain(queue);
      const expected = Array.from({ length: count }, (_, i) => `a${i}`).slice(handedOut.length);
      expect(rest).toEqual(expected);
    }),
  );
});

test('a search put back keeps the head of the search lane and stays older than the views queued after it', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 50 });
  queue.enqueue(search('s1', 'a'));
  queue.enqueue(view('v1', 'a'));
  queue.enqueue(search('s2', 'a'));
  const first = queue.next(0);
  expect(first).toEqual({ kind: 'run', task: search('s1', 'a') });
  queue.putBack(search('s1', 'a'));
  expect(queue.size()).toBe(3);
  expect(drain(queue)).toEqual(['s1', 'v1', 's2']);
});

test('setSearchStarts replaces the count: the ceiling then follows the attempts table, not the queue memory', () => {
  const queue = createFairQueue({ hourlySearchCeiling: 2 });
  queue.enqueue(search('s1', 'a'));
  queue.enqueue(search('s2', 'a'));
  queue.enqueue(search('s3', 'a'));
  // Two searches placed by another replica ten minutes ago: no slot until they are an hour old.
  queue.setSearchStarts([0, 1_000]);
  expect(queue.next(600_000)).toEqual({ kind: 'wait', until: HOUR });
  // The table says they were never placed (the queue had counted a phantom): the slots are open again.
  queue.setSearchStarts([]);
  expect(drain(queue, 600_000)).toEqual(['s1', 's2']);
  expect(queue.searchOpensAt(600_000)).toBe(600_000 + HOUR);
});
