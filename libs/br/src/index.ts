export {
  buildCnm,
  type Cnm,
  type CnmFailure,
  type CnmLivro,
  type CnmParse,
  cnmCheckDigits,
  formatCnm,
  isValidCnm,
  parseCnm,
} from './cnm';
export {
  type Cnpj,
  type CnpjFailure,
  type CnpjParse,
  cnpjCheckDigits,
  formatCnpj,
  isValidCnpj,
  parseCnpj,
} from './cnpj';
export { type Cpf, type CpfFailure, type CpfParse, cpfCheckDigits, formatCpf, isValidCpf, parseCpf } from './cpf';
export {
  type CpfCnpj,
  type CpfCnpjFailure,
  type CpfCnpjParse,
  formatCpfCnpj,
  isValidCpfCnpj,
  parseCpfCnpj,
} from './cpf-cnpj';
export type { IdentifierFailure, ParseFailure } from './parse-result';
export {
  formatBrl,
  formatReais,
  formatReaisBrasil,
  InvalidAmountError,
  parsePrintedReais,
  parseReais,
  parseReaisBrasil,
  reaisNumber,
} from './reais';
export { isUf, parseUf, UF_INFO, UFS, type Uf, type UfInfo, ufName, ufTimeZone } from './uf';
