import type { ValidateFunction } from 'ajv';
import { contractsAjv } from './requests/ajv';
import {
  isWebhookEmittedType,
  WEBHOOK_EMITTED_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
  type WebhookEmittedType,
} from './webhook-payloads';

const validators = new Map<WebhookEmittedType, ValidateFunction>(
  WEBHOOK_EMITTED_TYPES.map((type) => [type, contractsAjv.compile(WEBHOOK_PAYLOAD_SCHEMAS[type])]),
);

/**
 * What is wrong with a webhook body against its type's schema (WEBHOOK_PAYLOAD_SCHEMAS, decision 0140), as readable
 * lines; [] when it is right. The webhooks service refuses to store a body that has any: what is sent is what the
 * OpenAPI document promises.
 */
export function webhookPayloadProblems(payload: unknown): string[] {
  const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  if (!isWebhookEmittedType(type)) return [`/type is not one of ${WEBHOOK_EMITTED_TYPES.join(', ')}`];
  const validate = validators.get(type);
  if (validate === undefined || validate(payload)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
}
