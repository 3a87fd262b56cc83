import { every, type PeriodicOptions } from '../src';

/** A pass the test finishes by hand: each call records its signal and waits for `finish(i)` or `fail(i)`. */
function heldPasses() {
  const calls: { signal: AbortSignal; finish: () => void; fail: (error: Error) => void }[] = [];
  const pass = (signal: AbortSignal): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const index = calls.length;
      calls.push({ signal, finish: () => resolve(index), fail: reject });
    });
  const call = (index: number) => {
    const found = calls[index];
    if (found === undefined) throw new Error(`pass ${index} never began (${calls.length} did)`);
    return found;
  };
  return { calls, pass, call };
}

/** A loop over held passes; errors are collected in `errors`. */
function heldLoop(intervalMs: number, options: Omit<PeriodicOptions, 'onError'> = {}) {
  const held = heldPasses();
  const errors: Error[] = [];
  const loop = every(intervalMs, held.pass, { ...options, onError: (error) => errors.push(error) });
  return { ...held, errors, loop };
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

test('a pass begins every interval from start, the first one interval later unless firstRunNow', async () => {
  const { loop, ...later } = heldLoop(1_000);
  loop.start();
  await jest.advanceTimersByTimeAsync(999);
  expect(later.calls).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(1);
  expect(later.calls).toHaveLength(1);
  later.call(0).finish();
  await jest.advanceTimersByTimeAsync(1_000);
  expect(later.calls).toHaveLength(2);
  later.call(1).finish();
  await loop.stop();

  const { loop: eager, ...now } = heldLoop(1_000, { firstRunNow: true });
  eager.start();
  await jest.advanceTimersByTimeAsync(0);
  expect(now.calls).toHaveLength(1);
  now.call(0).finish();
  await eager.stop();
});

test('no overlap: ticks that find a pass running are skipped, and the next tick after it ends begins one', async () => {
  const { loop, ...held } = heldLoop(100);
  loop.start();
  await jest.advanceTimersByTimeAsync(100);
  expect(held.calls).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(350);
  expect(held.calls).toHaveLength(1);
  // runNow while a pass runs answers that pass instead of beginning another.
  const answer = loop.runNow();
  held.call(0).finish();
  expect(await answer).toBe(0);
  await jest.advanceTimersByTimeAsync(49);
  expect(held.calls).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(held.calls).toHaveLength(2);
  held.call(1).finish();
  await loop.stop();
});

test('a failed pass is reported and the loop goes on', async () => {
  const { loop, errors, ...held } = heldLoop(100);
  loop.start();
  await jest.advanceTimersByTimeAsync(100);
  held.call(0).fail(new Error('database down'));
  await jest.advanceTimersByTimeAsync(0);
  expect(errors.map((error) => error.message)).toEqual(['database down']);
  await jest.advanceTimersByTimeAsync(100);
  expect(held.calls).toHaveLength(2);
  held.call(1).finish();
  await loop.stop();
  expect(errors).toHaveLength(1);
});

test('a pass that throws before its first await is reported like one that rejects', async () => {
  const errors: Error[] = [];
  const loop = every(
    100,
    () => {
      throw new Error('thrown at once');
    },
    { onError: (error) => errors.push(error) },
  );
  loop.start();
  await jest.advanceTimersByTimeAsync(200);
  expect(errors.map((error) => error.message)).toEqual(['thrown at once', 'thrown at once']);
  await loop.stop();
});

test('stop aborts the running pass, waits for it to end and schedules nothing more', async () => {
  const { loop, ...held } = heldLoop(100);
  loop.start();
  await jest.advanceTimersByTimeAsync(100);
  let stopped = false;
  const stopping = loop.stop().then(() => {
    stopped = true;
  });
  await jest.advanceTimersByTimeAsync(0);
  expect(held.call(0).signal.aborted).toBe(true);
  expect(stopped).toBe(false);
  held.call(0).finish();
  await stopping;
  expect(stopped).toBe(true);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(held.calls).toHaveLength(1);
});

test('stop waits for a pass begun by runNow, started or not', async () => {
  const { loop, ...held } = heldLoop(100);
  const answer = loop.runNow();
  let stopped = false;
  const stopping = loop.stop().then(() => {
    stopped = true;
  });
  await jest.advanceTimersByTimeAsync(0);
  expect(held.call(0).signal.aborted).toBe(true);
  expect(stopped).toBe(false);
  held.call(0).finish();
  expect(await answer).toBe(0);
  await stopping;
  expect(stopped).toBe(true);
});

test('stop before start returns at once, and start after stop begins the ticks again', async () => {
  const { loop, ...held } = heldLoop(100);
  await loop.stop();
  await jest.advanceTimersByTimeAsync(500);
  expect(held.calls).toHaveLength(0);
  loop.start();
  await jest.advanceTimersByTimeAsync(100);
  expect(held.calls).toHaveLength(1);
  held.call(0).finish();
  await loop.stop();
});

test('soon: a pass after the minimum gap, and one more right after a running pass, coalesced', async () => {
  const { loop, ...held } = heldLoop(10_000, { minGapMs: 1_000 });
  loop.soon();
  await jest.advanceTimersByTimeAsync(0);
  expect(held.calls).toHaveLength(0);
  loop.start();
  loop.soon();
  await jest.advanceTimersByTimeAsync(0);
  expect(held.calls).toHaveLength(1);
  loop.soon();
  loop.soon();
  held.call(0).finish();
  await jest.advanceTimersByTimeAsync(999);
  expect(held.calls).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(held.calls).toHaveLength(2);
  held.call(1).finish();
  await jest.advanceTimersByTimeAsync(5_000);
  expect(held.calls).toHaveLength(2);
  await loop.stop();
});

test('jitter lengthens each wait by less than jitterMs', async () => {
  const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
  try {
    const { loop, ...held } = heldLoop(1_000, { jitterMs: 200 });
    loop.start();
    await jest.advanceTimersByTimeAsync(1_099);
    expect(held.calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(held.calls).toHaveLength(1);
    held.call(0).finish();
    await loop.stop();
  } finally {
    random.mockRestore();
  }
});
