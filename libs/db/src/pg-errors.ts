/** PostgreSQL error codes the code base reacts to, by name. */
export const PG_ERROR = {
  UNIQUE_VIOLATION: '23505',
  CHECK_VIOLATION: '23514',
  FOREIGN_KEY_VIOLATION: '23503',
  SERIALIZATION_FAILURE: '40001',
  DUPLICATE_DATABASE: '42P04',
  FEATURE_NOT_SUPPORTED: '0A000',
} as const;

/** The SQLSTATE of a pg error, if `error` is one. */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
