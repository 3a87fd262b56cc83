/** A bad or missing environment variable. The message names the variable: it is the one line the process prints. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`config: ${variable} ${problem}`);
  }
}
