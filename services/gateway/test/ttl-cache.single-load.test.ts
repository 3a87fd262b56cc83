import { createTtlCache } from '../src/auth/ttl-cache';

// The memo of token rows, verified signatures and plans: within its time a value comes from memory, and requests that
// find it expired together share ONE load.

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('requests missing the same key at once share one load, and the value then serves from memory', async () => {
  let now = 0;
  const cache = createTtlCache<string>({ ttlMs: 1000, monotonicMs: () => now });
  const pending = deferred<string>();
  let loads = 0;
  const load = () => {
    loads += 1;
    return pending.promise;
  };
  const answers = Promise.all(Array.from({ length: 50 }, () => cache.get('k', load)));
  pending.resolve('v1');
  expect(await answers).toEqual(Array.from({ length: 50 }, () => 'v1'));
  expect(loads).toBe(1);
  now = 999;
  expect(await cache.get('k', async () => 'v2')).toBe('v1');
  now = 1000;
  expect(await cache.get('k', async () => 'v2')).toBe('v2');
});

test('a failed load is not kept: the next request loads again', async () => {
  const cache = createTtlCache<string>({ ttlMs: 1000, monotonicMs: () => 0 });
  await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  expect(await cache.get('k', async () => 'v')).toBe('v');
});

test('forget during a load: that load answers its waiters but is not kept, the next request loads afresh', async () => {
  const cache = createTtlCache<string>({ ttlMs: 1000, monotonicMs: () => 0 });
  const pending = deferred<string>();
  const before = cache.get('k', () => pending.promise);
  cache.forget('k');
  const after = cache.get('k', async () => 'after revocation');
  pending.resolve('before revocation');
  expect(await before).toBe('before revocation');
  expect(await after).toBe('after revocation');
  expect(await cache.get('k', async () => 'never asked')).toBe('after revocation');
});
