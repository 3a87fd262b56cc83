import type { JsonObject, JsonValue } from './json';

export type ComponentKind = 'schemas' | 'responses' | 'parameters' | 'headers';

/** A reference to a component of the document (`#/components/<kind>/<name>`). */
export function ref(name: string, kind: ComponentKind = 'schemas'): JsonObject {
  return { $ref: `#/components/${kind}/${name}` };
}

/**
 * An object schema whose every property is always present (contract 2.1: what the origin did not report is `null`, not
 * missing), unless `optional` names it. Unknown properties stay allowed: a new optional field may appear at any time
 * without a version change (contract 9.2), so a client must not refuse them.
 */
export function objectSchema(
  description: string,
  properties: Readonly<Record<string, JsonObject>>,
  optional: readonly string[] = [],
): JsonObject {
  return {
    type: 'object',
    description,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  };
}

function withNull(type: JsonValue | undefined): JsonValue | undefined {
  if (typeof type === 'string') return [type, 'null'];
  if (Array.isArray(type)) return type.includes('null') ? type : [...type, 'null'];
  return type;
}

/** The same schema, also accepting `null` (contract 2.1: a value the origin did not report). */
export function nullable(schema: JsonObject): JsonObject {
  if (typeof schema.$ref === 'string') return { anyOf: [schema, { type: 'null' }] };
  const type = withNull(schema.type);
  const values = schema.enum;
  const withType = type === undefined ? schema : { ...schema, type };
  return Array.isArray(values) && !values.includes(null) ? { ...withType, enum: [...values, null] } : withType;
}

export function text(description: string, extra: JsonObject = {}): JsonObject {
  return { type: 'string', description, ...extra };
}

export function nullableText(description: string, extra: JsonObject = {}): JsonObject {
  return nullable(text(description, extra));
}

export function integer(description: string, extra: JsonObject = {}): JsonObject {
  return { type: 'integer', description, ...extra };
}

export function flag(description: string): JsonObject {
  return { type: 'boolean', description };
}

/** Reais as a JSON number with at most two decimals (`123.4` is R$ 123,40; architecture rule 3). */
export function reais(description: string): JsonObject {
  return { type: 'number', description };
}

/** A UTC instant as ISO 8601 text. */
export function instant(description: string): JsonObject {
  return { type: 'string', format: 'date-time', description };
}

export function textList(description: string): JsonObject {
  return { type: 'array', description, items: { type: 'string' } };
}
