/** Whatever was thrown, as an Error (a rejected non-Error keeps its text), so logs and `last_error` have a message. */
export function coerceError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown === 'string') return new Error(thrown);
  try {
    return new Error(JSON.stringify(thrown));
  } catch {
    return new Error(String(thrown));
  }
}
