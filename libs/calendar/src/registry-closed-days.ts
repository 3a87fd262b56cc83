import { type CivilDate, formatCivilDate, isWeekend } from './civil-date';
import {
  type Holiday,
  nationalHolidays,
  type PontoFacultativoId,
  pontosFacultativos,
  sortHolidaysByDate,
} from './national-holidays';

/**
 * THE RULE (docs/decisions/0010-registry-holidays.md): which federal pontos facultativos close registry offices.
 * Most offices close on all three, and a forecast that counts them as closed errs late rather than early, which is
 * the side a client can plan around. Remove an id here to count that day as a business day again; nothing else
 * changes.
 */
export const REGISTRY_CLOSED_PONTOS_FACULTATIVOS: ReadonlySet<PontoFacultativoId> = new Set<PontoFacultativoId>([
  'carnaval-segunda',
  'carnaval-terca',
  'corpus-christi',
]);

/** Days a registry office is closed for a holiday in `year` (weekends aside), in date order. */
export function registryHolidays(year: number): readonly Holiday[] {
  return holidaysOf(year).list;
}

/** Whether `date` is a holiday on which registries close (national holiday or an observed ponto facultativo). */
export function isRegistryHoliday(date: CivilDate): boolean {
  return holidaysOf(date.year).keys.has(formatCivilDate(date));
}

/** A day the office opens: Monday to Friday and not a registry holiday (contract 8: "Monday to Friday"). */
export function isRegistryBusinessDay(date: CivilDate): boolean {
  return !isWeekend(date) && !isRegistryHoliday(date);
}

interface YearHolidays {
  readonly list: readonly Holiday[];
  readonly keys: ReadonlySet<string>;
}

/**
 * Pure data derived from the year, cached because every business-hours step asks about a day; a few dozen years at
 * most are ever in play, so the cache needs no eviction.
 */
const byYear = new Map<number, YearHolidays>();

function holidaysOf(year: number): YearHolidays {
  const cached = byYear.get(year);
  if (cached) return cached;
  const observed = pontosFacultativos(year).filter((h) => REGISTRY_CLOSED_PONTOS_FACULTATIVOS.has(h.id));
  const list = sortHolidaysByDate([...nationalHolidays(year), ...observed]);
  const entry: YearHolidays = { list, keys: new Set(list.map((h) => formatCivilDate(h.date))) };
  byYear.set(year, entry);
  return entry;
}
