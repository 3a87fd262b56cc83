import { type CpfCnpjFailure, parseCpfCnpj, UFS } from '@regapi/br';
import type { Fonte } from '../products';
import { PRODUCTS } from '../products';
import { type ImovelMatriculaFailure, parseImovelMatricula } from './imovel-matricula';
import { CARTORIO_MAX } from './schemas';

/** One ajv failure, already pinned to a field: what the Portuguese sentence is built from. */
export interface Problem {
  readonly campo: string;
  /** The ajv keyword, or the format's name for a `format` failure. */
  readonly regra: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** The offending value; absent when the field is missing. */
  readonly valor?: unknown;
}

export interface MessageContext {
  readonly fonte: Fonte;
  /** Field names the body accepts, to suggest the right one for an unknown field. */
  readonly knownFields: readonly string[];
}

const CPF_CNPJ_REASON: Readonly<Record<CpfCnpjFailure, string>> = {
  empty: 'CPF/CNPJ vazio.',
  'invalid-characters':
    'CPF/CNPJ com caracteres inválidos: use só dígitos (e letras, no CNPJ alfanumérico), com ou sem a máscara.',
  'invalid-length': 'O CPF tem 11 dígitos e o CNPJ 14 caracteres, sem contar a máscara.',
  'misplaced-mask': 'Máscara fora da posição oficial: use 000.000.000-00, 00.000.000/0000-00 ou só os dígitos.',
  'repeated-digits': 'Um mesmo dígito repetido não é CPF/CNPJ válido.',
  'check-digits': 'Dígitos verificadores não conferem: confira o número.',
};

const MATRICULA_REASON: Readonly<Record<ImovelMatriculaFailure, string>> = {
  empty: 'Matrícula vazia.',
  'invalid-characters':
    'Informe o número da matrícula só com dígitos (ex.: 12345, não 12.345) ou o CNM de 16 dígitos (CCCCCC.L.NNNNNNN-DD).',
  zero: 'Matrícula 0 não existe.',
  'too-many-digits':
    'Número de matrícula com mais de 7 dígitos significativos: informe o número da matrícula ou o CNM de 16 dígitos.',
  'cnm-misplaced-mask': 'CNM com máscara fora da posição oficial: use CCCCCC.L.NNNNNNN-DD ou só os 16 dígitos.',
  'cnm-invalid-book': 'CNM com livro inválido: o 7º dígito deve ser 2 (Registro Geral) ou 3 (Registro Auxiliar).',
  'cnm-check-digits': 'CNM com dígitos verificadores que não conferem: confira o código.',
};

const FINALIDADE_VALUES =
  'Valores aceitos: 1 (avaliação de crédito), 2 (investigação jurídica do imóvel e da titularidade, o padrão) ou 3 (o solicitante é titular de direito real).';

const ONE_UF = 'Uma única UF por chamada (ex.: "SP"); a pesquisa nacional são 26 chamadas.';

function isUfField(campo: string): boolean {
  return campo === 'uf' || campo === 'imovel_uf';
}

function isFinalidadeField(campo: string): boolean {
  return campo === 'finalidade' || campo === 'imovel_finalidade';
}

function required(campo: string, context: MessageContext): string {
  switch (campo) {
    case 'cpf_cnpj':
      return context.fonte === 'pesquisa-previa-bens'
        ? 'Campo obrigatório: o CPF/CNPJ do alvo da pesquisa.'
        : 'Campo obrigatório: o CPF/CNPJ do SOLICITANTE (a quem a consulta fica vinculada), não o do proprietário.';
    case 'uf':
      return `Campo obrigatório: a UF onde pesquisar. ${ONE_UF}`;
    case 'imovel_matricula':
      return 'Campo obrigatório: o número da matrícula ou o CNM.';
    case 'imovel_cartorio':
      return 'Campo obrigatório: o número do cartório, inteiro (1 para o 1º Ofício).';
    case 'imovel_municipio':
      return 'Campo obrigatório: o município do CARTÓRIO (não o do imóvel).';
    case 'imovel_uf':
      return 'Campo obrigatório: a UF do cartório.';
    default:
      return `Campo obrigatório: ${campo}.`;
  }
}

function unknownField(campo: string, context: MessageContext): string {
  const nome = PRODUCTS[context.fonte].nome.toLowerCase();
  // Contract 2.3: imovel_finalidade is a field of the record view only.
  if (campo === 'imovel_finalidade' && context.fonte === 'certidao-inteiro-teor') {
    return 'imovel_finalidade não é campo da certidão de inteiro teor (só da visualização de matrícula): retire-o.';
  }
  const suggestion = [`imovel_${campo}`, campo.replace(/^imovel_/, '')].find(
    (name) => name !== campo && context.knownFields.includes(name),
  );
  const hint = suggestion === undefined ? '' : ` Talvez quisesse ${suggestion}.`;
  return `Campo desconhecido: ${campo} não faz parte do pedido de ${nome}.${hint}`;
}

function wrongType(campo: string, params: Readonly<Record<string, unknown>>, valor: unknown): string {
  if (campo === 'body') return 'O corpo deve ser um objeto JSON com os campos do pedido.';
  if (isUfField(campo))
    return Array.isArray(valor) ? `Lista de UFs recusada. ${ONE_UF}` : `Informe a UF como texto. ${ONE_UF}`;
  if (isFinalidadeField(campo)) return `Deve ser o número inteiro 1, 2 ou 3 (não texto). ${FINALIDADE_VALUES}`;
  switch (campo) {
    case 'imovel_cartorio':
      // Contract 2.3: a text label instead of the integer yields 607 at the origin, billed; refused here, free.
      return 'Informe o NÚMERO do cartório como inteiro JSON (1 para o 1º Ofício), não texto: um texto gera o código 607 na origem, cobrado.';
    case 'cpf_cnpj':
      return 'Informe o CPF/CNPJ como texto (string), com ou sem máscara, para não perder zeros à esquerda.';
    case 'imovel_matricula':
      return 'Informe a matrícula como texto (string), para preservar zeros à esquerda.';
    default:
      return params.type === 'integer' ? 'Deve ser um número inteiro.' : 'Deve ser um texto (string).';
  }
}

function badFormat(campo: string, regra: string, valor: unknown): string {
  const text = typeof valor === 'string' ? valor : '';
  if (regra === 'cpf-cnpj') {
    const parsed = parseCpfCnpj(text);
    return parsed.ok ? 'CPF/CNPJ inválido.' : CPF_CNPJ_REASON[parsed.reason];
  }
  if (regra === 'uf') {
    return /[,;/|\s]/.test(text.trim()) || text.trim().length > 2
      ? `Informe só uma sigla. ${ONE_UF}`
      : `UF desconhecida: use uma das 27 siglas (${UFS.join(', ')}).`;
  }
  if (regra === 'imovel-matricula') {
    const parsed = parseImovelMatricula(text);
    return parsed.ok ? 'Matrícula inválida.' : MATRICULA_REASON[parsed.reason];
  }
  return `${campo} fora do formato ${regra}.`;
}

/** The Portuguese sentence of one problem, for a person reading the 422. */
export function describeProblem(problem: Problem, context: MessageContext): string {
  const { campo, regra, params, valor } = problem;
  switch (regra) {
    case 'required':
      return required(campo, context);
    case 'additionalProperties':
      return unknownField(campo, context);
    case 'type':
      return wrongType(campo, params, valor);
    case 'enum':
      return isFinalidadeField(campo) ? FINALIDADE_VALUES : `Valor não aceito em ${campo}.`;
    case 'minimum':
    case 'maximum':
      return campo === 'imovel_cartorio'
        ? `O número do cartório vai de 1 a ${CARTORIO_MAX} (1 para o 1º Ofício).`
        : `Valor fora do intervalo aceito em ${campo}.`;
    case 'maxLength':
      return `No máximo ${String(params.limit)} caracteres.`;
    case 'pattern':
      return 'Não pode ser vazio nem conter caracteres de controle.';
    default:
      return badFormat(campo, regra, valor);
  }
}
