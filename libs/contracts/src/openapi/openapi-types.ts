import type { ResultCodeInfo } from '../result-codes';
import type { JsonObject } from './json';

/** Which scheme an operation needs, and (OpenAPI 3.1, any scheme) the roles it needs: here the token's scopes. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

export interface Operation {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description: string;
  readonly security: readonly SecurityRequirement[];
  /** Contract 9.6: present, and true, on the operations of a beta product. */
  readonly 'x-beta'?: true;
  readonly parameters?: readonly JsonObject[];
  readonly requestBody?: JsonObject;
  /** By HTTP status: a response object or a reference to one in `components.responses`. */
  readonly responses: Readonly<Record<string, JsonObject>>;
}

export type HttpMethod = 'get' | 'head' | 'post' | 'patch' | 'delete';

export type PathItem = Readonly<Partial<Record<HttpMethod, Operation>>>;

export interface OpenApiComponents {
  readonly schemas: Readonly<Record<string, JsonObject>>;
  readonly responses: Readonly<Record<string, JsonObject>>;
  readonly parameters: Readonly<Record<string, JsonObject>>;
  readonly headers: Readonly<Record<string, JsonObject>>;
  readonly securitySchemes: Readonly<Record<string, JsonObject>>;
}

/** The OpenAPI 3.1 document of the public /v1 API (`buildOpenApi`). */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: JsonObject;
  readonly servers: readonly JsonObject[];
  readonly security: readonly SecurityRequirement[];
  readonly tags: readonly JsonObject[];
  readonly paths: Readonly<Record<string, PathItem>>;
  /** OpenAPI 3.1: what the customer's endpoint receives, one entry per webhook event type (decision 0140). */
  readonly webhooks: Readonly<Record<string, PathItem>>;
  readonly components: OpenApiComponents;
  /** Contract 7.3: every result code, its class and flags (RESULT_CODES as it is). */
  readonly 'x-result-codes': readonly ResultCodeInfo[];
}
