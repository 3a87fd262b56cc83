import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import ajvFormats, { type FormatsPlugin } from 'ajv-formats';
import { AJV_OPTIONS } from '../requests/ajv';
import { buildOpenApi } from './build-openapi';
import type { JsonObject, JsonValue } from './json';
import type { OpenApiDocument } from './openapi-types';
import { refusingUndocumented } from './undocumented-properties';

// As in requests/ajv.ts: at run time the default import is the plugin function itself.
const addFormats = ajvFormats as unknown as FormatsPlugin;

const SCHEMAS_ID = 'urn:regapi:openapi:schemas';

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `#/components/schemas/X` → the same schema in the validator's registry, everywhere in a copy of `value`. A
 * discriminator keeps only its `propertyName`: ajv refuses `mapping`, which says nothing the members' `const` does not.
 */
function retarget(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(retarget);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === '$ref' && typeof inner === 'string')
        return [key, inner.replace('#/components/schemas/', `${SCHEMAS_ID}#/$defs/`)];
      if (key === 'discriminator' && isObject(inner)) return [key, { propertyName: inner.propertyName ?? null }];
      return [key, retarget(inner)];
    }),
  );
}

/**
 * Checks values against the schemas of the OpenAPI document the way a client's tool would: a stock, strict JSON
 * Schema 2020-12 validator (the dialect of OpenAPI 3.1) with the standard formats only, none of the contracts' own
 * (`x-format` is an annotation). For tests: the services that build answers check them against the published contract.
 */
export class OpenApiValidator {
  readonly document: OpenApiDocument;
  readonly #ajv: Ajv2020;
  readonly #refuseUndocumented: boolean;

  /**
   * `undocumented: 'refuse'` also refuses properties the document does not describe, for checking the service's own
   * answers (a client ignores them, contract 9.2; the service must not send them). Default `'allow'`, as a client reads.
   */
  constructor(document: OpenApiDocument = buildOpenApi(), options: { undocumented?: 'allow' | 'refuse' } = {}) {
    this.document = document;
    this.#refuseUndocumented = options.undocumented === 'refuse';
    this.#ajv = new Ajv2020({ ...AJV_OPTIONS, strict: true, discriminator: true });
    addFormats(this.#ajv);
    this.#ajv.addKeyword({ keyword: 'x-format', schemaType: 'string' });
    const components = this.#refuseUndocumented
      ? refusingUndocumented(document.components.schemas)
      : document.components.schemas;
    const schemas = Object.entries(components).map(([name, schema]) => [name, retarget(schema)]);
    this.#ajv.addSchema({ $id: SCHEMAS_ID, $defs: Object.fromEntries(schemas) });
  }

  /** A validator of any schema of the document; its references resolve to the document's components. */
  compile(schema: JsonValue): ValidateFunction {
    const own = this.#refuseUndocumented && isObject(schema) ? refusingUndocumented({ schema }).schema : schema;
    const retargeted = retarget(own ?? schema);
    if (!isObject(retargeted)) throw new TypeError(`not a schema: ${JSON.stringify(schema)}`);
    return this.#ajv.compile(retargeted);
  }

  /** The problems of `value` against `components.schemas[name]` (its JSON form, as a client receives it); [] if none. */
  errorsOf(name: string, value: unknown): string[] {
    if (!Object.hasOwn(this.document.components.schemas, name)) throw new RangeError(`no schema named ${name}`);
    const validate = this.#ajv.getSchema(`${SCHEMAS_ID}#/$defs/${name}`);
    if (validate === undefined) throw new RangeError(`no schema named ${name}`);
    if (validate(JSON.parse(JSON.stringify(value)))) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
  }
}
