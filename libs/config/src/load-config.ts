import type { Reader } from './readers';

export type ConfigShape = Record<string, Reader<unknown>>;
export type ConfigOf<S extends ConfigShape> = { readonly [K in keyof S]: ReturnType<S[K]> };

/**
 * Reads every variable of `shape` from `source` (process.env by default) and returns a frozen, typed object.
 * The first bad or missing variable throws a ConfigError naming it; `main.ts` prints that one line and exits.
 */
export function loadConfig<S extends ConfigShape>(shape: S, source: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(shape)) out[name] = read(source, name);
  return Object.freeze(out) as ConfigOf<S>;
}
