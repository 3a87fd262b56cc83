import { buildOpenApi, type Envelope, type JsonObject, type JsonValue, OpenApiValidator } from '@regapi/contracts';

/**
 * Every JSON answer the console reads from the API is checked against the response the published contract documents
 * for that path, method and status (docs/openapi.json, built by libs/contracts), as a client's tool would: an answer
 * that is not documented, or does not match, is not read at all (ApiAnswerError), never half-read.
 */
const validator = new OpenApiValidator(buildOpenApi());
type ValidateFunction = ReturnType<OpenApiValidator['compile']>;
const compiled = new Map<string, ValidateFunction | null>();

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function responseSchema(path: string, method: 'get' | 'post', status: number): JsonValue | undefined {
  const operation = validator.document.paths[path]?.[method];
  let response: JsonValue | undefined = operation?.responses[String(status)];
  if (isObject(response) && typeof response.$ref === 'string') {
    response = validator.document.components.responses[response.$ref.replace('#/components/responses/', '')];
  }
  if (!isObject(response)) return undefined;
  const content = response.content;
  if (!isObject(content)) return undefined;
  const json = content['application/json'];
  return isObject(json) ? json.schema : undefined;
}

/** Thrown when the API answered something its contract does not allow: the console shows a failure page. */
export class ApiAnswerError extends Error {
  override readonly name = 'ApiAnswerError';
  constructor(
    readonly path: string,
    readonly status: number,
    readonly problems: readonly string[],
  ) {
    super(`the API answered ${status} on ${path} outside its contract: ${problems.join('; ')}`);
  }
}

/** `body` as the documented envelope of (`path`, `method`, `status`), or ApiAnswerError. */
export function checkedEnvelope(path: string, method: 'get' | 'post', status: number, body: unknown): Envelope {
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    const schema = responseSchema(path, method, status);
    validate = schema === undefined ? null : validator.compile(schema);
    compiled.set(key, validate);
  }
  if (validate === null) throw new ApiAnswerError(path, status, ['status not documented']);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
    throw new ApiAnswerError(path, status, problems);
  }
  return body as Envelope;
}
