import { generateWorld, type SimWorld } from './world';

/**
 * Worlds are pure functions of the seed and immutable, and take most of a second to build: a process that starts
 * several simulators with one seed (a test file, the determinism test) builds it once. Bounded, so a long-lived
 * process cycling through seeds does not grow.
 */
const cache = new Map<number, SimWorld>();
const LIMIT = 4;

export function worldFor(seed: number): SimWorld {
  const cached = cache.get(seed);
  if (cached) return cached;
  const world = generateWorld(seed);
  if (cache.size >= LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(seed, world);
  return world;
}
