import type { JsonObject, JsonValue } from './openapi/json';
import { compileOnFirstUse, contractsAjv } from './requests/ajv';
import {
  isWebhookEmittedType,
  WEBHOOK_EMITTED_TYPES,
  WEBHOOK_PAYLOAD_REFERENCED_SCHEMAS,
  WEBHOOK_PAYLOAD_SCHEMAS,
} from './webhook-payloads';

const COMPONENT = '#/components/schemas/';

/** `{$ref: '#/components/schemas/X'}` replaced by X itself, so a body's schema compiles without the whole document. */
function isObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function inlined(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(inlined);
  if (!isObject(value)) return value;
  const target = typeof value.$ref === 'string' && value.$ref.startsWith(COMPONENT) ? value.$ref : undefined;
  if (target !== undefined) {
    const schema = WEBHOOK_PAYLOAD_REFERENCED_SCHEMAS[target.slice(COMPONENT.length)];
    if (schema === undefined) throw new Error(`webhook body schema: unknown component ${target}`);
    return inlined(schema);
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inlined(inner)]));
}

const validators = new Map(
  WEBHOOK_EMITTED_TYPES.map((type) => [
    type,
    compileOnFirstUse(contractsAjv, inlined(WEBHOOK_PAYLOAD_SCHEMAS[type]) as JsonObject),
  ]),
);

/**
 * What is wrong with a webhook body against its type's schema (WEBHOOK_PAYLOAD_SCHEMAS, decision 0140), as readable
 * lines; [] when it is right. The webhooks service refuses to store a body that has any: what is sent is what the
 * OpenAPI document promises.
 */
export function webhookPayloadProblems(payload: unknown): string[] {
  const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  if (!isWebhookEmittedType(type)) return [`/type is not one of ${WEBHOOK_EMITTED_TYPES.join(', ')}`];
  const validate = validators.get(type)?.();
  if (validate === undefined || validate(payload)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}
