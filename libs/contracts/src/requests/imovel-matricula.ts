import { type Cnm, parseCnm } from '@regapi/br';

/**
 * Contract 2.3 `imovel_matricula`: a record number OR a national record code (CNM). Decided here:
 * - a record number is digits only, leading zeros accepted and kept as given ("000123" stays "000123"), at most 7
 *   significant digits (the CNM gives the record number 7 digits, Provimento CNJ 143/2023) and not zero;
 * - 16 digits, or anything carrying the CNM separators, is a CNM: mask optional, book and check digits verified;
 * - a record number with dots ("12.345"), hyphens, letters or blanks is refused rather than guessed at: "12.345" may
 *   be a thousands separator or a typo, and a wrong record is ordered and paid for.
 */
export type ImovelMatricula =
  | { readonly kind: 'numero' /** As given (trimmed), leading zeros kept. */; readonly numero: string }
  | { readonly kind: 'cnm'; readonly cnm: Cnm };

export type ImovelMatriculaFailure =
  | 'empty'
  | 'invalid-characters'
  | 'zero'
  | 'too-many-digits'
  | 'cnm-misplaced-mask'
  | 'cnm-invalid-book'
  | 'cnm-check-digits';

export type ImovelMatriculaParse =
  | ({
      readonly ok: true /** Normalized: the record number as given, or the CNM's 16 bare digits. */;
      readonly value: string;
    } & ImovelMatricula)
  | { readonly ok: false; readonly reason: ImovelMatriculaFailure };

const CNM_DIGITS = 16;
const MAX_SIGNIFICANT_DIGITS = 7;

export function parseImovelMatricula(input: string): ImovelMatriculaParse {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const bare = trimmed.replace(/[.-]/g, '');
  if (/^\d+$/.test(bare) && (bare.length === CNM_DIGITS || bare !== trimmed)) return parseAsCnm(trimmed);
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: 'invalid-characters' };
  const significant = trimmed.replace(/^0+/, '');
  if (significant === '') return { ok: false, reason: 'zero' };
  if (significant.length > MAX_SIGNIFICANT_DIGITS) return { ok: false, reason: 'too-many-digits' };
  return { ok: true, kind: 'numero', value: trimmed, numero: trimmed };
}

function parseAsCnm(trimmed: string): ImovelMatriculaParse {
  const parsed = parseCnm(trimmed);
  if (parsed.ok) return { ok: true, kind: 'cnm', value: parsed.value, cnm: parsed };
  switch (parsed.reason) {
    case 'misplaced-mask':
      return { ok: false, reason: 'cnm-misplaced-mask' };
    case 'invalid-book':
      return { ok: false, reason: 'cnm-invalid-book' };
    case 'check-digits':
      return { ok: false, reason: 'cnm-check-digits' };
    // Separators around a number that is not 16 digits long ("12.345", "1234-5"): a masked record number.
    default:
      return { ok: false, reason: 'invalid-characters' };
  }
}

export function isValidImovelMatricula(input: string): boolean {
  return parseImovelMatricula(input).ok;
}
