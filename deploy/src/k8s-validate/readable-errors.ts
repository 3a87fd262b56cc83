import type { ErrorObject } from 'ajv';

/** What an ajv error says, as a path inside the object and a sentence. */
export interface ReadableError {
  readonly path: string;
  readonly message: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `/spec/containers/0/env` → `spec.containers[0].env`; a key like `app.kubernetes.io/name` gets brackets. */
export function dottedPath(segments: readonly string[]): string {
  return segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    if (IDENTIFIER.test(segment)) return path ? `${path}.${segment}` : segment;
    return `${path}[${JSON.stringify(segment)}]`;
  }, '');
}

function pointerSegments(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

function sentence(error: ErrorObject, value: unknown): { extra?: string; message: string } {
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'additionalProperties':
      return { extra: String(params.additionalProperty), message: 'unknown field (not in the schema)' };
    case 'required':
      return { extra: String(params.missingProperty), message: 'required field is missing' };
    case 'type':
      return { message: `expected ${String(params.type).replaceAll(',', ' or ')}, got ${describeValue(value)}` };
    case 'enum':
      return {
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`,
      };
    case 'format':
      return { message: `must be in format ${String(params.format)}, got ${describeValue(value)}` };
    default:
      // a list's or an object's own problem is told by the message; a scalar's by its value
      return {
        message: `${error.message ?? error.keyword}${value === undefined || typeof value === 'object' ? '' : `, got ${describeValue(value)}`}`,
      };
  }
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * ajv's errors in the terms of a manifest: the field's full path and what is wrong with it, with the value found.
 * A failed anyOf/oneOf adds nothing to its branches' own errors and is left out when they are reported.
 */
export function readableErrors(errors: readonly ErrorObject[], object: unknown): ReadableError[] {
  const specific = errors.filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf');
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const readable: ReadableError[] = [];
  for (const error of chosen) {
    const segments = pointerSegments(error.instancePath);
    const { extra, message } = sentence(error, valueAt(object, segments));
    const path = dottedPath(extra === undefined ? segments : [...segments, extra]);
    const key = `${path}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    readable.push({ path, message });
  }
  return readable;
}
