import { type Cnpj, type CnpjFailure, parseCnpj } from './cnpj';
import { type Cpf, type CpfFailure, parseCpf } from './cpf';
import { type ParseFailure, prepareInput, stripMask } from './parse-result';

export type CpfCnpj = Cpf | Cnpj;
export type CpfCnpjFailure = CpfFailure | CnpjFailure;
export type CpfCnpjParse = CpfCnpj | ParseFailure<CpfCnpjFailure>;

/**
 * Parses a document that may be a CPF or a CNPJ (contract 2.3 `cpf_cnpj`): the length without the mask decides which
 * (11 is a CPF, 14 a CNPJ), then that document's own rules apply. Normalized `value` is bare and uppercase.
 */
export function parseCpfCnpj(input: string): CpfCnpjParse {
  const prepared = prepareInput(input);
  if (prepared === '') return { ok: false, reason: 'empty' };
  if (/[^0-9A-Z./-]/.test(prepared)) return { ok: false, reason: 'invalid-characters' };
  const length = stripMask(prepared).length;
  if (length === 11) return parseCpf(prepared);
  if (length === 14) return parseCnpj(prepared);
  return { ok: false, reason: 'invalid-length' };
}

export function isValidCpfCnpj(input: string): boolean {
  return parseCpfCnpj(input).ok;
}

/** The masked form (contract 2.4 `pesquisado_documento`), or undefined when the input is neither a valid CPF nor CNPJ. */
export function formatCpfCnpj(input: string): string | undefined {
  const parsed = parseCpfCnpj(input);
  return parsed.ok ? parsed.formatted : undefined;
}
