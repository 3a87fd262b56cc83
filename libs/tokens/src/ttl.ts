/** A token lifetime typed by an operator (`--ttl 30d`) or sent to the admin API (`"ttl": "30d"`). */

export class InvalidTtlError extends Error {
  override readonly name = 'InvalidTtlError';
  readonly code = 'invalid_ttl';
  constructor(readonly input: string) {
    super(
      `ttl must be a whole number followed by s, m, h or d, between 1 minute and ${MAX_TTL_DAYS} days (e.g. 30d, 12h), got ${JSON.stringify(input)}`,
    );
  }
}

/** Default lifetime of an issued token. */
export const DEFAULT_TTL = '30d';

/** A token lives at most a year: a forgotten token should die on its own (docs/decisions/0015). */
export const MAX_TTL_DAYS = 366;

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "30d" → 2592000 seconds. */
export function parseTtl(input: string): number {
  const match = /^([1-9][0-9]{0,6})([smhd])$/.exec(input);
  if (match === null) throw new InvalidTtlError(input);
  const [, amount = '', unit = ''] = match;
  const seconds = Number(amount) * (UNIT_SECONDS[unit] ?? Number.NaN);
  if (!(seconds >= 60 && seconds <= MAX_TTL_DAYS * 86_400)) throw new InvalidTtlError(input);
  return seconds;
}
