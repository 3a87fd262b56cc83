import type { JsonObject } from '../json-object';
import { mapSubschemas } from '../schema-walk';

/**
 * The schema without its prose: descriptions are most of the upstream files' size and none of their meaning to a
 * validator. Property names are kept, even a property called `description`.
 */
export function withoutDescriptions(schema: JsonObject): JsonObject {
  const { description: _prose, ...rest } = schema;
  return mapSubschemas(rest, withoutDescriptions);
}
