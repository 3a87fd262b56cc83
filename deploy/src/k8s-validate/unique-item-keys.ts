import type { Ajv, ErrorObject } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types';

/**
 * `uniqueItemKeys: [k1, k2]`: no two items of the list share the values of those keys. This is what the API server
 * enforces for a CRD list marked `x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys` ("Duplicate value"),
 * e.g. two PrometheusRule groups with one name. Keys are compared as given: a key the server would default (a port's
 * protocol) is not filled in, so a duplicate that only defaulting reveals is missed rather than invented.
 */
export const UNIQUE_ITEM_KEYS = 'uniqueItemKeys';

function identity(item: unknown, keys: readonly string[]): string {
  const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  return JSON.stringify(keys.map((key) => fields[key] ?? null));
}

function duplicates(list: readonly unknown[], keys: readonly string[], instancePath: string): ErrorObject[] {
  const firstIndex = new Map<string, number>();
  const errors: ErrorObject[] = [];
  list.forEach((item, index) => {
    const id = identity(item, keys);
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return;
    }
    errors.push({
      keyword: UNIQUE_ITEM_KEYS,
      instancePath,
      schemaPath: '',
      params: { keys, first, duplicate: index },
      message: `items ${first} and ${index} have the same ${keys.join(' and ')} (${id.slice(1, -1)}): the list is keyed by ${keys.join(', ')}`,
    });
  });
  return errors;
}

export function addUniqueItemKeys(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: UNIQUE_ITEM_KEYS,
    type: 'array',
    schemaType: 'array',
    errors: true,
    validate: function uniqueItemKeys(keys: string[], list: unknown[], _schema: unknown, context?: DataValidationCxt) {
      const errors = duplicates(list, keys, context?.instancePath ?? '');
      // ajv's contract for a validating function: its errors go on the function itself
      (uniqueItemKeys as { errors?: ErrorObject[] }).errors = errors;
      return errors.length === 0;
    },
  });
}
