/** The OpenAPI document is plain JSON (it is written to docs/openapi.json): every part of it is one of these. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;

export interface JsonObject {
  readonly [key: string]: JsonValue;
}
