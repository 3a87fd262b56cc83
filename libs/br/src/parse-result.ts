/**
 * Why an identifier was refused. Errors are values: callers turn the reason into a message (contracts does, in
 * Portuguese); nothing here throws on user input.
 */
export type IdentifierFailure =
  /** Nothing but whitespace. */
  | 'empty'
  /** A character that is neither part of the identifier nor a mask separator (inner whitespace included). */
  | 'invalid-characters'
  /** Not the number of digits (or alphanumerics) the identifier has. */
  | 'invalid-length'
  /** A mask separator outside its official position (`123456.789-09`, `12.345.678-0001/95`). */
  | 'misplaced-mask'
  /** The same digit repeated (`111.111.111-11`): passes the arithmetic, is never issued. */
  | 'repeated-digits'
  /** CNM only: the book digit is not 2 (Registro Geral) or 3 (Registro Auxiliar). */
  | 'invalid-book'
  /** The check digits do not match. */
  | 'check-digits';

export interface ParseFailure<R extends IdentifierFailure = IdentifierFailure> {
  readonly ok: false;
  readonly reason: R;
}

/**
 * What every identifier accepts around the value itself: outer whitespace is ignored (a copy from a spreadsheet
 * often carries it) and letters are taken in either case. Inner whitespace is NOT removed: it is refused later as
 * an invalid character, because a blank in the middle of a document number is more likely a paste of two values.
 */
export function prepareInput(input: string): string {
  return asciiUpperCase(input.trim());
}

/**
 * Upper case of the ASCII letters only. `toUpperCase` maps some non-ASCII letters onto ASCII ones (`ſ` → `S`,
 * `ı` → `I`), which would let `ſP` pass as SP: any other character stays as it is and is refused later.
 */
export function asciiUpperCase(value: string): string {
  return value.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** Removes the mask separators `.`, `/` and `-`, wherever they are (their positions are checked separately). */
export function stripMask(prepared: string): string {
  return prepared.replace(/[./-]/g, '');
}

/** Value of one character in the check-digit arithmetic: its ASCII code minus 48 ('0' is 0, 'A' is 17). */
export function charValue(char: string): number {
  return char.charCodeAt(0) - 48;
}
