export { addBusinessHours, businessHoursBetween } from './business-hours';
export {
  type BusinessWindow,
  businessWindowAtOrAfter,
  isBusinessTime,
  nextBusinessStart,
  REGISTRY_CLOSES_AT_HOUR,
  REGISTRY_OPENS_AT_HOUR,
} from './business-window';
export { CERTIFICATE_TERM_BUSINESS_HOURS, certificateForecast } from './certificate-forecast';
export {
  addDays,
  type CivilDate,
  civilDate,
  civilDateFromUtcMs,
  compareCivilDates,
  dayOfWeek,
  formatCivilDate,
  isWeekend,
  MS_PER_DAY,
  MS_PER_HOUR,
  utcMsOfCivil,
} from './civil-date';
export { type Clock, ManualClock, systemClock } from './clock';
export { easterSunday, FIRST_GREGORIAN_YEAR } from './easter';
export {
  type Holiday,
  type HolidayId,
  type HolidayKind,
  type NationalHolidayId,
  nationalHolidays,
  type PontoFacultativoId,
  pontosFacultativos,
  sortHolidaysByDate,
} from './national-holidays';
export {
  isRegistryBusinessDay,
  isRegistryHoliday,
  REGISTRY_CLOSED_PONTOS_FACULTATIVOS,
  registryHolidays,
} from './registry-closed-days';
export {
  assertTimeZone,
  fromLocalDateTime,
  InvalidTimeZoneError,
  type LocalDateTime,
  offsetMs,
  toLocalDateTime,
} from './zoned-time';
