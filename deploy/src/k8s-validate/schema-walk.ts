import { isJsonObject, type JsonObject } from './json-object';

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not'] as const;
/** Keywords whose value is a list of schemas. */
export const JUNCTOR_KEYWORDS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'definitions'] as const;

export type ChildPosition = 'property' | 'items' | 'additionalProperties' | 'not' | 'junctor' | 'definition';

/**
 * A copy of `schema` with `map` applied to each direct subschema (never to a property NAMED like a keyword: a schema
 * may well describe a field called `description` or `format`). Other keywords are copied as they are.
 */
export function mapSubschemas(
  schema: JsonObject,
  map: (child: JsonObject, position: ChildPosition) => JsonObject,
): JsonObject {
  const copy: JsonObject = { ...schema };
  for (const keyword of SCHEMA_KEYWORDS) {
    const child = schema[keyword];
    if (isJsonObject(child)) copy[keyword] = map(child, keyword);
  }
  for (const keyword of JUNCTOR_KEYWORDS) {
    const children = schema[keyword];
    if (Array.isArray(children))
      copy[keyword] = children.map((child) => (isJsonObject(child) ? map(child, 'junctor') : child));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const children = schema[keyword];
    if (isJsonObject(children))
      copy[keyword] = Object.fromEntries(
        Object.entries(children).map(([name, child]) => [
          name,
          isJsonObject(child) ? map(child, keyword === 'properties' ? 'property' : 'definition') : child,
        ]),
      );
  }
  return copy;
}
