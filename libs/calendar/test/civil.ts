import { type CivilDate, civilDate } from '@regapi/calendar';

/** `YYYY-MM-DD` to a CivilDate, for readable tables (a helper, not a test file). */
export function civil(iso: string): CivilDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`not YYYY-MM-DD: ${iso}`);
  return civilDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The four zones of Brazil, with their offset today (no DST since 2019). */
export const BRAZIL_ZONES = [
  ['America/Noronha', '-02:00'],
  ['America/Sao_Paulo', '-03:00'],
  ['America/Manaus', '-04:00'],
  ['America/Rio_Branco', '-05:00'],
] as const;
