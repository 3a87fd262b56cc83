import { isJsonObject, type JsonObject } from './json-object';
import { type ChildPosition, mapSubschemas } from './schema-walk';
import { UNIQUE_ITEM_KEYS } from './unique-item-keys';

/** Where the Kubernetes API definitions live in the validator: `$ref`s to `#/definitions/X` are pointed there. */
export const KUBERNETES_SCHEMA_ID = 'urn:regapi:k8s-api';
export const OBJECT_META_REF = `${KUBERNETES_SCHEMA_ID}#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`;

/**
 * The two schema languages read here. `openapi-v2`: the built-in API's swagger definitions, where an object with
 * `properties` is a Go struct (unknown fields are refused with field validation Strict, kubectl's default) and an
 * object without them is free-form (RawExtension, FieldsV1). `crd-structural`: a CRD's openAPIV3Schema, where every
 * object lists its fields unless it says `x-kubernetes-preserve-unknown-fields` or has `additionalProperties`.
 */
export type SchemaDialect = 'openapi-v2' | 'crd-structural';

/** Formats ajv-formats knows; others (int-or-string, anything new upstream) say nothing ajv could check. */
const CHECKED_FORMATS = new Set(['byte', 'date-time', 'int32', 'int64', 'double']);

/** Quantity is a string in the swagger document but the API server takes a bare number too (`cpu: 1`). */
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/** Annotations, upstream extensions and whatever ajv's strict mode would refuse as an unknown keyword. */
function isDroppedKeyword(key: string): boolean {
  return (
    key.startsWith('x-') ||
    ['description', 'default', 'example', 'externalDocs', 'nullable', 'title', '$schema'].includes(key)
  );
}

/** CRD patterns are Go (RE2) expressions; one JavaScript cannot compile is left out rather than failing everything. */
function isJavaScriptRegExp(pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function keptKeywords(schema: JsonObject): JsonObject {
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (isDroppedKeyword(key)) continue;
    if (key === 'format' && !(typeof value === 'string' && CHECKED_FORMATS.has(value))) continue;
    if (key === 'pattern' && !isJavaScriptRegExp(value)) continue;
    if (key === '$ref' && typeof value === 'string') {
      kept.$ref = value.replace(/^#\/definitions\//, `${KUBERNETES_SCHEMA_ID}#/definitions/`);
      continue;
    }
    kept[key] = value;
  }
  return kept;
}

function isIntOrString(schema: JsonObject): boolean {
  return schema['x-kubernetes-int-or-string'] === true || schema.format === 'int-or-string';
}

/** Whether unknown fields of this object are refused. Inside allOf/anyOf/oneOf/not a structural schema only adds
 * value checks on fields declared outside, so closing a branch there would refuse valid objects. */
function isClosedObject(schema: JsonObject, dialect: SchemaDialect, inJunctor: boolean): boolean {
  if (inJunctor || schema.additionalProperties !== undefined) return false;
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) return false;
  if (dialect === 'openapi-v2') return isJsonObject(schema.properties);
  return schema.type === 'object' || isJsonObject(schema.properties);
}

function convert(schema: JsonObject, dialect: SchemaDialect, inJunctor: boolean): JsonObject {
  const kept = keptKeywords(schema);
  if (isIntOrString(schema)) {
    kept.type = ['integer', 'string'];
    delete kept.anyOf;
  }
  if (schema.nullable === true && typeof kept.type === 'string') kept.type = [kept.type, 'null'];
  if (isClosedObject(schema, dialect, inJunctor)) kept.additionalProperties = false;
  // A CRD's list types are validation (duplicates refused); the built-in API's only steer server-side apply merges.
  if (dialect === 'crd-structural' && schema['x-kubernetes-list-type'] === 'set') kept.uniqueItems = true;
  const mapKeys = schema['x-kubernetes-list-map-keys'];
  if (dialect === 'crd-structural' && schema['x-kubernetes-list-type'] === 'map' && Array.isArray(mapKeys))
    kept[UNIQUE_ITEM_KEYS] = mapKeys;
  if (schema['x-kubernetes-embedded-resource'] === true && kept.additionalProperties === false)
    kept.properties = {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { $ref: OBJECT_META_REF },
      ...(isJsonObject(kept.properties) ? kept.properties : {}),
    };
  return mapSubschemas(kept, (child: JsonObject, position: ChildPosition) =>
    convert(
      // subschemas are read from the original node: their x- keywords are still there
      child,
      dialect,
      inJunctor || position === 'junctor' || position === 'not',
    ),
  );
}

/** The Kubernetes API definitions as one JSON Schema document for ajv, with unknown fields refused. */
export function kubernetesApiDocument(definitions: Readonly<Record<string, JsonObject>>): JsonObject {
  const converted: JsonObject = {};
  for (const [name, definition] of Object.entries(definitions))
    converted[name] = name === QUANTITY ? { type: ['string', 'number'] } : convert(definition, 'openapi-v2', false);
  return { $id: KUBERNETES_SCHEMA_ID, definitions: converted };
}

/**
 * A CRD version's openAPIV3Schema as a strict JSON Schema. The API server checks a custom resource's metadata as
 * ObjectMeta whatever the CRD says (its schemas only say `type: object`), so the root's metadata points there.
 */
export function customResourceSchema(openApiV3Schema: JsonObject): JsonObject {
  const converted = convert(openApiV3Schema, 'crd-structural', false);
  const properties = isJsonObject(converted.properties) ? converted.properties : {};
  return { ...converted, properties: { ...properties, metadata: { $ref: OBJECT_META_REF } } };
}
