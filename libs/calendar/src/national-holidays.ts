import { addDays, type CivilDate, civilDate, compareCivilDates } from './civil-date';
import { easterSunday } from './easter';

/**
 * The federal calendar: what the law says, with no opinion on whether registries open. `registry-closed-days.ts`
 * holds that opinion (docs/decisions/0010-registry-holidays.md). State and municipal holidays are out of scope: no
 * office catalog carries them yet.
 */

/** `feriado-nacional`: closed by law. `ponto-facultativo`: a federal day off that other employers may follow. */
export type HolidayKind = 'feriado-nacional' | 'ponto-facultativo';

export type NationalHolidayId =
  | 'confraternizacao-universal'
  | 'sexta-feira-santa'
  | 'tiradentes'
  | 'dia-do-trabalho'
  | 'independencia'
  | 'nossa-senhora-aparecida'
  | 'finados'
  | 'proclamacao-da-republica'
  | 'consciencia-negra'
  | 'natal';

export type PontoFacultativoId = 'carnaval-segunda' | 'carnaval-terca' | 'corpus-christi';

export type HolidayId = NationalHolidayId | PontoFacultativoId;

export interface Holiday<Id extends HolidayId = HolidayId> {
  readonly id: Id;
  readonly name: string;
  readonly date: CivilDate;
  readonly kind: HolidayKind;
}

interface FixedRule {
  readonly id: NationalHolidayId;
  readonly name: string;
  readonly month: number;
  readonly day: number;
  /** First year the day is a national holiday; absent when it predates any year this API will see. */
  readonly since?: number;
}

/** Lei 662/1949 as amended by Lei 10.607/2002, plus the two later additions with their own `since`. */
const FIXED: readonly FixedRule[] = [
  { id: 'confraternizacao-universal', name: 'Confraternização Universal', month: 1, day: 1 },
  { id: 'tiradentes', name: 'Tiradentes', month: 4, day: 21 },
  { id: 'dia-do-trabalho', name: 'Dia do Trabalho', month: 5, day: 1 },
  { id: 'independencia', name: 'Independência do Brasil', month: 9, day: 7 },
  // Lei 6.802/1980.
  { id: 'nossa-senhora-aparecida', name: 'Nossa Senhora Aparecida', month: 10, day: 12, since: 1980 },
  { id: 'finados', name: 'Finados', month: 11, day: 2 },
  { id: 'proclamacao-da-republica', name: 'Proclamação da República', month: 11, day: 15 },
  // Lei 14.759/2023, published in December 2023: 20 November 2023 was still a working day in most of the country.
  { id: 'consciencia-negra', name: 'Dia Nacional de Zumbi e da Consciência Negra', month: 11, day: 20, since: 2024 },
  { id: 'natal', name: 'Natal', month: 12, day: 25 },
];

interface EasterRule<Id extends HolidayId> {
  readonly id: Id;
  readonly name: string;
  /** Days from Easter Sunday. */
  readonly offset: number;
}

/**
 * Good Friday is, by Lei 9.093/1995, a religious holiday declared by each municipality, but every municipality
 * declares it and the federal calendar lists it as national; treating it as national is what registries do.
 */
const EASTER_HOLIDAYS: readonly EasterRule<NationalHolidayId>[] = [
  { id: 'sexta-feira-santa', name: 'Paixão de Cristo (Sexta-feira Santa)', offset: -2 },
];

/** Pontos facultativos of the federal calendar that move with Easter (yearly Portaria of the federal government). */
const EASTER_PONTOS_FACULTATIVOS: readonly EasterRule<PontoFacultativoId>[] = [
  { id: 'carnaval-segunda', name: 'Carnaval (segunda-feira)', offset: -48 },
  { id: 'carnaval-terca', name: 'Carnaval (terça-feira)', offset: -47 },
  { id: 'corpus-christi', name: 'Corpus Christi', offset: 60 },
];

/** Brazil's national holidays (feriados nacionais) of `year`, in date order. */
export function nationalHolidays(year: number): readonly Holiday[] {
  const easter = easterSunday(year);
  const fixed = FIXED.filter((rule) => rule.since === undefined || year >= rule.since).map(
    (rule): Holiday => holiday(rule.id, rule.name, civilDate(year, rule.month, rule.day), 'feriado-nacional'),
  );
  const moving = EASTER_HOLIDAYS.map(
    (rule): Holiday => holiday(rule.id, rule.name, addDays(easter, rule.offset), 'feriado-nacional'),
  );
  return sortHolidaysByDate([...fixed, ...moving]);
}

/** The federal pontos facultativos of `year` that a registry might observe (Carnival Monday/Tuesday, Corpus Christi). */
export function pontosFacultativos(year: number): readonly Holiday<PontoFacultativoId>[] {
  const easter = easterSunday(year);
  return sortHolidaysByDate(
    EASTER_PONTOS_FACULTATIVOS.map((rule) =>
      holiday(rule.id, rule.name, addDays(easter, rule.offset), 'ponto-facultativo'),
    ),
  );
}

function holiday<Id extends HolidayId>(id: Id, name: string, date: CivilDate, kind: HolidayKind): Holiday<Id> {
  return Object.freeze({ id, name, date, kind });
}

/** Sorts in place (the arrays are built by the caller) and freezes. */
export function sortHolidaysByDate<H extends Holiday>(holidays: H[]): readonly H[] {
  return Object.freeze(holidays.sort((a, b) => compareCivilDates(a.date, b.date)));
}
