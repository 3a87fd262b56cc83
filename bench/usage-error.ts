/** A bench called wrongly (an option out of range, an unknown flag): the message says it all, no stack. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** True for a UsageError and for node:util parseArgs' own refusals (unknown option, missing value). */
export function isUsageError(error: unknown): boolean {
  if (error instanceof UsageError) return true;
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('ERR_PARSE_ARGS')
  );
}
