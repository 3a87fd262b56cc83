/**
 * Why a request's credentials were refused. Logged, and answered in `code_message` so a client can tell "get a new
 * token" (expired, revoked) from "fix the call" (missing, malformed, in the query string).
 */
export type TokenRefusal =
  | 'missing'
  | 'malformed'
  | 'in_query_string'
  | 'unsupported_algorithm'
  | 'unknown_kid'
  | 'bad_signature'
  | 'expired'
  | 'revoked'
  | 'unknown_token'
  | 'admin_token_invalid'
  /** A token whose environment prefix is not its row's environment (docs/decisions/0146). */
  | 'production_token_labelled_teste'
  | 'teste_token_labelled_production';

/** A token the verifier refused, before it becomes an HTTP answer. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  constructor(readonly refusal: TokenRefusal) {
    super(`token refused: ${refusal}`);
  }
}
