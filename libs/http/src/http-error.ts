import type { FieldError } from '@regapi/contracts';

/**
 * A transport-level refusal (contract 7.1): the envelope `code` equals the HTTP status. Thrown by handlers and turned into
 * the envelope by `errorHandler`. Expected outcomes of a query (6xx) are results, not HttpErrors.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly FieldError[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
