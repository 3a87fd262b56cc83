import { isValidCpfCnpj, parseUf } from '@regapi/br';
import { Ajv, type AnySchema, type Options, type ValidateFunction } from 'ajv';
import ajvFormats, { type FormatsPlugin } from 'ajv-formats';
import { isValidImovelMatricula } from './imovel-matricula';
import { isUuid } from './uuid';

// Under nodenext the default import of this CommonJS module is typed as its whole `module.exports`; at run time it
// is the plugin function itself.
const addFormats = ajvFormats as unknown as FormatsPlugin;

/** Names of the formats this package adds; the JSON Schemas use them, so an OpenAPI document shows them as hints. */
export const CUSTOM_FORMATS = {
  /** CPF or CNPJ (numeric or alphanumeric), with or without mask, check digits verified. */
  cpfCnpj: 'cpf-cnpj',
  /** One of the 27 UFs, either case. */
  uf: 'uf',
  /** A record number (digits, leading zeros kept) or a CNM (16 digits, mask optional, check digits verified). */
  imovelMatricula: 'imovel-matricula',
} as const;

export const AJV_OPTIONS: Options = {
  // contract 2.1 and 7.1: a 422 lists every problem, field by field, not only the first one.
  allErrors: true,
  strict: true,
  // `type: ['integer', 'null']` for optional fields a client may send as null.
  allowUnionTypes: true,
};

/** The one ajv instance of the request contracts, with ajv-formats and the Brazilian formats. */
export function createContractsAjv(): Ajv {
  const ajv = new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  ajv.addFormat(CUSTOM_FORMATS.cpfCnpj, { type: 'string', validate: isValidCpfCnpj });
  ajv.addFormat(CUSTOM_FORMATS.uf, { type: 'string', validate: (value: string) => parseUf(value) !== undefined });
  ajv.addFormat(CUSTOM_FORMATS.imovelMatricula, { type: 'string', validate: isValidImovelMatricula });
  // Replaces ajv-formats' `uuid`, which also accepts a `urn:uuid:` prefix.
  ajv.addFormat('uuid', { type: 'string', validate: isUuid });
  return ajv;
}

/** The instance every request schema of this package is compiled with, once, on its first use. */
export const contractsAjv: Ajv = createContractsAjv();

/**
 * `schema`'s validator, compiled by `ajv` on its first use rather than at module load (docs/decisions/0180): a process
 * or a test file loads far more schemas than it uses, and compiling them all cost about 0.2 s of every start. A schema
 * that does not compile is found by the tests that use it, not by a process start.
 */
export function compileOnFirstUse<T = unknown>(ajv: Ajv, schema: AnySchema): () => ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  return () => {
    compiled ??= ajv.compile<T>(schema);
    return compiled;
  };
}
