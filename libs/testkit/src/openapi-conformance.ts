import {
  buildOpenApi,
  type JsonObject,
  type JsonValue,
  type OpenApiDocument,
  OpenApiValidator,
} from '@regapi/contracts';

/** One real answer, as a test received it. */
export interface RealAnswer {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly contentType: string | null;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  readonly body: unknown;
  /** The answer's header names, lower case; absent when the test did not keep them (no header is checked then). */
  readonly headerNames?: ReadonlySet<string>;
}

/**
 * Checks real answers against docs/openapi.json (issue 12 item 16): the operation and status are documented, the
 * content type is the documented one, and a JSON body matches its schema with NO undocumented property (a client
 * ignores unknown properties, contract 9.2; the service must not send them), and every header the document marks
 * `required` on that answer is there (decision 0053: a documented header that is absent is a failure). Remembers what it saw, so a test can list
 * the documented answers it never produced.
 */
export interface OpenApiConformance {
  /** The problems of one answer; [] when it is exactly as documented. */
  check(answer: RealAnswer): string[];
  /** `METHOD path status` of every documented answer not checked yet. */
  unseen(): string[];
}

interface Route {
  readonly template: string;
  readonly pattern: RegExp;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function routeOf(template: string): Route {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return { template, pattern: new RegExp(`^${escaped}$`) };
}

const key = (method: string, template: string, status: string) => `${method.toUpperCase()} ${template} ${status}`;

export function createOpenApiConformance(document: OpenApiDocument = buildOpenApi()): OpenApiConformance {
  const validator = new OpenApiValidator(document, { undocumented: 'refuse' });
  const routes = Object.keys(document.paths).map(routeOf);
  const documented = new Set(
    Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        operation === undefined ? [] : Object.keys(operation.responses).map((status) => key(method, template, status)),
      ),
    ),
  );
  const seen = new Set<string>();

  const responseOf = (value: JsonObject): JsonObject => {
    const match = typeof value.$ref === 'string' ? /^#\/components\/responses\/(.+)$/.exec(value.$ref) : null;
    const name = match?.[1];
    return name === undefined ? value : (document.components.responses[name] ?? {});
  };

  /** The headers a response marks `required` (its own or by reference to `components.headers`). */
  const requiredHeaders = (response: JsonObject): string[] => {
    const headers = response.headers;
    if (!isObject(headers)) return [];
    return Object.entries(headers).flatMap(([name, value]) => {
      if (!isObject(value)) return [];
      const match = typeof value.$ref === 'string' ? /^#\/components\/headers\/(.+)$/.exec(value.$ref) : null;
      const header = match?.[1] === undefined ? value : (document.components.headers[match[1]] ?? {});
      return header.required === true ? [name] : [];
    });
  };

  return {
    check(answer) {
      const method = answer.method.toLowerCase();
      const path = new URL(answer.url).pathname;
      const route = routes.find((candidate) => candidate.pattern.test(path));
      const label = `${answer.method.toUpperCase()} ${path} → ${answer.status}`;
      if (route === undefined) return [`${label}: no such path in the document`];
      const item: Readonly<Record<string, { responses: Readonly<Record<string, JsonObject>> } | undefined>> =
        document.paths[route.template] ?? {};
      const operation = item[method];
      if (operation === undefined) return [`${label}: ${method.toUpperCase()} not documented for ${route.template}`];
      const declared = operation.responses[String(answer.status)];
      if (declared === undefined) return [`${label}: status not documented for ${route.template}`];
      seen.add(key(method, route.template, String(answer.status)));
      const missing = requiredHeaders(responseOf(declared))
        .filter((name) => answer.headerNames !== undefined && !answer.headerNames.has(name.toLowerCase()))
        .map((name) => `${label}: documented header ${name} absent`);
      if (missing.length > 0) return missing;
      const content = responseOf(declared).content;
      const types = isObject(content) ? Object.keys(content) : [];
      if (types.length === 0) {
        return answer.body === undefined ? [] : [`${label}: a body where the document says there is none`];
      }
      const mediaType = (answer.contentType ?? '').split(';')[0]?.trim() ?? '';
      if (!types.includes(mediaType)) return [`${label}: content type ${mediaType || '(none)'}, documented ${types}`];
      const media = isObject(content) ? content[mediaType] : undefined;
      const schema = isObject(media) ? media.schema : undefined;
      if (schema === undefined) return [];
      const validate = validator.compile(schema);
      if (validate(JSON.parse(JSON.stringify(answer.body ?? null)))) return [];
      return (validate.errors ?? []).map(
        (error) =>
          `${label}: ${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
      );
    },
    unseen: () => [...documented].filter((entry) => !seen.has(entry)).sort(),
  };
}

/** A fetch answer as the conformance check reads it (the body consumed: read the JSON from here). */
export async function realAnswer(method: string, url: string, response: Response): Promise<RealAnswer> {
  const contentType = response.headers.get('content-type');
  const text = method.toUpperCase() === 'HEAD' ? '' : await response.text();
  const isJson = contentType?.includes('json') === true;
  return {
    method,
    url,
    status: response.status,
    contentType,
    body: text === '' ? undefined : isJson ? (JSON.parse(text) as unknown) : text,
    headerNames: new Set([...response.headers.keys()].map((name) => name.toLowerCase())),
  };
}
