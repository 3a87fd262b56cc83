import type { JsonObject, JsonValue } from './json';

/**
 * A copy of the document's schemas that refuses properties the document does not describe: for checking the service's
 * OWN answers (a client must ignore unknown properties, contract 9.2, but the service must not send undocumented ones).
 *
 * JSON Schema 2020-12 `unevaluatedProperties: false` sees the properties its in-place applicators (allOf, oneOf,
 * $ref...) evaluated, so it goes on every object schema that is a whole value — and never on an allOf member, which
 * is only part of one (its siblings' properties would be refused).
 */
export function refusingUndocumented(schemas: Readonly<Record<string, JsonObject>>): Record<string, JsonObject> {
  const parts = allOfMembers(schemas);
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, strictObject(schema, parts.has(name))]),
  );
}

const COMPONENT = '#/components/schemas/';

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Component names that appear as a member of some allOf. */
function allOfMembers(schemas: Readonly<Record<string, JsonObject>>): Set<string> {
  const names = new Set<string>();
  const visit = (value: JsonValue): void => {
    if (Array.isArray(value)) {
      for (const inner of value) visit(inner);
      return;
    }
    if (!isObject(value)) return;
    const members = value.allOf;
    if (Array.isArray(members)) {
      for (const member of members) {
        if (isObject(member) && typeof member.$ref === 'string' && member.$ref.startsWith(COMPONENT)) {
          names.add(member.$ref.slice(COMPONENT.length));
        }
      }
    }
    for (const inner of Object.values(value)) visit(inner);
  };
  for (const schema of Object.values(schemas)) visit(schema);
  return names;
}

const SCHEMA_LISTS = ['oneOf', 'anyOf', 'prefixItems'];
const ONE_SCHEMA = ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else'];

/** Whether a schema describes an object's members (so it can say which are documented). */
function describesMembers(schema: JsonObject): boolean {
  return ['properties', 'allOf', 'oneOf', 'anyOf', '$ref'].some((keyword) => schema[keyword] !== undefined);
}

function strictObject(schema: JsonObject, isPart: boolean): JsonObject {
  const copy: Record<string, JsonValue> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    // ajv does not report what a `discriminator` branch evaluated; the members' `const` tell them apart anyway.
    if (keyword !== 'discriminator') copy[keyword] = strictApplicator(keyword, value);
  }
  const isObjectType = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
  const open = schema.additionalProperties !== undefined || schema.unevaluatedProperties !== undefined;
  if (!isPart && isObjectType && !open && describesMembers(schema)) copy.unevaluatedProperties = false;
  return copy;
}

function strictApplicator(keyword: string, value: JsonValue): JsonValue {
  if (keyword === 'properties' && isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, strictInner(inner, false)]));
  }
  if (keyword === 'allOf' && Array.isArray(value)) return value.map((inner) => strictInner(inner, true));
  if (SCHEMA_LISTS.includes(keyword) && Array.isArray(value)) return value.map((inner) => strictInner(inner, false));
  if (ONE_SCHEMA.includes(keyword)) return strictInner(value, false);
  return value;
}

function strictInner(value: JsonValue, isPart: boolean): JsonValue {
  return isObject(value) ? strictObject(value, isPart) : value;
}
