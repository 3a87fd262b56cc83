import { ConfigError } from './config-error';

/** Reads one variable from an environment; `undefined` when it is absent or blank. */
export type Reader<T> = (env: NodeJS.ProcessEnv, name: string) => T;

function raw(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function required<T>(parse: (value: string, name: string) => T): Reader<T> {
  return (env, name) => {
    const value = raw(env, name);
    if (value === undefined) throw new ConfigError(name, 'is required but not set');
    return parse(value, name);
  };
}

function withDefault<T>(parse: (value: string, name: string) => T, fallback: T): Reader<T> {
  return (env, name) => {
    const value = raw(env, name);
    return value === undefined ? fallback : parse(value, name);
  };
}

function optional<T>(parse: (value: string, name: string) => T): Reader<T | undefined> {
  return (env, name) => {
    const value = raw(env, name);
    return value === undefined ? undefined : parse(value, name);
  };
}

const parseString = (value: string): string => value;

function parseInteger(min: number, max: number) {
  return (value: string, name: string): number => {
    if (!/^-?\d+$/.test(value)) throw new ConfigError(name, `must be an integer, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

function parseNumber(min: number, max: number) {
  return (value: string, name: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new ConfigError(name, `must be a number, got "${value}"`);
    if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

function parseUrl(protocols: readonly string[]) {
  return (value: string, name: string): string => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError(name, 'must be a URL');
    }
    if (!protocols.includes(url.protocol)) {
      throw new ConfigError(name, `must use ${protocols.join(' or ')}, got ${url.protocol}`);
    }
    return value;
  };
}

function parseOneOf<T extends string>(values: readonly T[]) {
  return (value: string, name: string): T => {
    const found = values.find((v) => v === value);
    if (found === undefined) throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${value}"`);
    return found;
  };
}

function parseBoolean(value: string, name: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${value}"`);
}

/** Readers for `loadConfig`. Each variable has exactly one reader, which says whether it is required. */
export const env = {
  string: (fallback?: string) => (fallback === undefined ? required(parseString) : withDefault(parseString, fallback)),
  optionalString: () => optional(parseString),
  integer: (opts: { min?: number; max?: number; default?: number } = {}) => {
    const parse = parseInteger(opts.min ?? Number.MIN_SAFE_INTEGER, opts.max ?? Number.MAX_SAFE_INTEGER);
    return opts.default === undefined ? required(parse) : withDefault(parse, opts.default);
  },
  number: (opts: { min?: number; max?: number; default?: number } = {}) => {
    const parse = parseNumber(opts.min ?? -Number.MAX_VALUE, opts.max ?? Number.MAX_VALUE);
    return opts.default === undefined ? required(parse) : withDefault(parse, opts.default);
  },
  port: (fallback?: number) => {
    const parse = parseInteger(0, 65535);
    return fallback === undefined ? required(parse) : withDefault(parse, fallback);
  },
  url: (protocols: readonly string[], fallback?: string) =>
    fallback === undefined ? required(parseUrl(protocols)) : withDefault(parseUrl(protocols), fallback),
  optionalUrl: (protocols: readonly string[]) => optional(parseUrl(protocols)),
  oneOf: <T extends string>(values: readonly T[], fallback?: T) =>
    fallback === undefined ? required(parseOneOf(values)) : withDefault(parseOneOf(values), fallback),
  boolean: (fallback: boolean) => withDefault(parseBoolean, fallback),
};
