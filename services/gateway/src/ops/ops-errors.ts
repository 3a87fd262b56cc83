/** A command line the CLI cannot run (exit 2): unknown command, missing or malformed option. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly exitCode = 2;
}

/** The admin API answered an error envelope, or could not be reached (exit 1). */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly exitCode = 1;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
