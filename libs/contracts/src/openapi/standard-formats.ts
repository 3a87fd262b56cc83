import { UFS } from '@regapi/br';
import { CUSTOM_FORMATS } from '../requests/ajv';
import type { JsonObject, JsonValue } from './json';

/**
 * The request schemas name three formats of their own (`cpf-cnpj`, `uf`, `imovel-matricula`) that ajv checks with
 * @regapi/br. A generic JSON Schema tool does not know them (ajv in strict mode even refuses to compile them), so the
 * OpenAPI document says each one in standard JSON Schema: a `pattern` of its SHAPE, with the name kept under
 * `x-format`. The pattern accepts everything the server accepts (outer whitespace, either case, the mask optional
 * separator by separator); what it cannot say (check digits, the CNM book) is the server's to refuse, with a 422.
 */

/** ECMA-262 `\s` is exactly what `String.prototype.trim` removes: the server ignores outer whitespace. */
const around = (body: string) => `^\\s*(?:${body})\\s*$`;

/** A letter in either case: JSON Schema patterns carry no flags. */
const eitherCase = (letters: string) => [...letters].map((c) => `[${c}${c.toLowerCase()}]`).join('');

const ALNUM = '[0-9A-Za-z]';

export const FORMAT_PATTERNS: Readonly<Record<(typeof CUSTOM_FORMATS)[keyof typeof CUSTOM_FORMATS], string>> = {
  // CPF `000.000.000-00` or CNPJ `00.000.000/0000-00` (numeric or alphanumeric), each separator optional in its place.
  [CUSTOM_FORMATS.cpfCnpj]: around(
    `\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}|${ALNUM}{2}\\.?${ALNUM}{3}\\.?${ALNUM}{3}/?${ALNUM}{4}-?\\d{2}`,
  ),
  // Exactly the 27 UFs, either case.
  [CUSTOM_FORMATS.uf]: around(UFS.map(eitherCase).join('|')),
  // A record number (leading zeros, then 1 to 7 significant digits) or a CNM `CCCCCC.L.NNNNNNN-DD` with book 2 or 3.
  [CUSTOM_FORMATS.imovelMatricula]: around('0*[1-9]\\d{0,6}|\\d{6}\\.?[23]\\.?\\d{7}-?\\d{2}'),
};

function isCustomFormat(format: JsonValue | undefined): format is keyof typeof FORMAT_PATTERNS {
  return typeof format === 'string' && Object.hasOwn(FORMAT_PATTERNS, format);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keywords whose value is a subschema, a list of them or a map of them (JSON Schema 2020-12 applicators). */
const ONE_SCHEMA = ['items', 'not', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else'];
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

function mapValues(map: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, subschema(schema)]));
}

function subschema(value: JsonValue): JsonValue {
  return isObject(value) ? standardSchema(value) : value;
}

function applicator(keyword: string, value: JsonValue): JsonValue {
  if (ONE_SCHEMA.includes(keyword)) return subschema(value);
  if (SCHEMA_LIST.includes(keyword) && Array.isArray(value)) return value.map(subschema);
  if (SCHEMA_MAP.includes(keyword) && isObject(value)) return mapValues(value);
  // Values (`enum`, `examples`, `default`, `description`...) are data, never walked: a key named `format` in an
  // example is not a format.
  return value;
}

/**
 * A copy of a JSON Schema with its custom formats said in standard JSON Schema (a `pattern` and `x-format`);
 * everything else as it is. The input is not changed: the server keeps compiling the original.
 */
export function standardSchema(schema: JsonObject): JsonObject {
  const mapped: Record<string, JsonValue> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword !== 'format') mapped[keyword] = applicator(keyword, value);
  }
  const { format } = schema;
  if (!isCustomFormat(format)) return format === undefined ? mapped : { ...mapped, format };
  const pattern = FORMAT_PATTERNS[format];
  if (mapped.pattern === undefined) return { ...mapped, pattern, 'x-format': format };
  // Never the case today; should a field ever carry a pattern of its own too, both must hold.
  const allOf = Array.isArray(mapped.allOf) ? mapped.allOf : [];
  return { ...mapped, allOf: [...allOf, { pattern }], 'x-format': format };
}
