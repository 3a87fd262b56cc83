/** A parsed JSON/YAML object: what a manifest, a schema and every nested mapping of them is. */
export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
