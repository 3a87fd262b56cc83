import {
  buildOpenApi,
  type JsonObject,
  type JsonValue,
  type OpenApiDocument,
  OpenApiValidator,
  type Operation,
} from '@regapi/contracts';

export const DOCUMENT: OpenApiDocument = buildOpenApi();

/** A stock strict JSON Schema 2020-12 validator over the document's schemas (what a client's tool does). */
export const VALIDATOR = new OpenApiValidator(DOCUMENT);

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Located {
  readonly path: string;
  readonly method: string;
  readonly operation: Operation;
}

export function operations(document: OpenApiDocument = DOCUMENT): Located[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      operation === undefined ? [] : [{ path, method, operation }],
    ),
  );
}

function componentsOf(document: OpenApiDocument, kind: string | undefined): Readonly<Record<string, JsonObject>> {
  switch (kind) {
    case 'schemas':
      return document.components.schemas;
    case 'responses':
      return document.components.responses;
    case 'parameters':
      return document.components.parameters;
    case 'headers':
      return document.components.headers;
    default:
      return {};
  }
}

/** Follows a `$ref` of the document (`#/components/<kind>/<name>`); anything else as it is. */
export function resolve(value: JsonValue | undefined, document: OpenApiDocument = DOCUMENT): JsonValue | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return value;
  const match = /^#\/components\/(schemas|responses|parameters|headers)\/(.+)$/.exec(value.$ref);
  if (match === null) return undefined;
  const [, kind, name = ''] = match;
  return componentsOf(document, kind)[name];
}

export function objectAt(value: JsonValue | undefined): JsonObject {
  const resolved = resolve(value);
  if (!isObject(resolved)) throw new Error(`expected an object, got ${JSON.stringify(value)}`);
  return resolved;
}

/** Every `$ref` string anywhere in a value. */
export function refsIn(value: JsonValue): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}
