import type { FieldError } from '../envelope';

/** Outcome of validating something from outside: a typed, normalized value, or the 422 items. Errors are values. */
export type Validation<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: readonly FieldError[] };
