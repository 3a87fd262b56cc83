import { addDays, type CivilDate, fromLocalDateTime, MS_PER_DAY, toLocalDateTime } from '@regapi/calendar';
import type { ImovelMatricula } from '@regapi/contracts';
import type { Order } from './order';

/** Contract 3 and 8: the origin refuses the same product on the same record and office for about 7 days (an estimate). */
export const ORDER_BLOCK_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * How far back an order may still block: the window runs to the END of the office's day (see `orderBlockEnd`), so an
 * order up to a day older than the window can still block; two days cover any offset and any old DST day.
 */
export const ORDER_BLOCK_LOOKBACK_MS = ORDER_BLOCK_WINDOW_MS + 2 * MS_PER_DAY;

/**
 * What the order block compares (contract 3): the product, the office (its national code, so two spellings of the
 * municipality are the same office) and the record number without leading zeros ("000123" and "123" are one record;
 * a CNM counts as its record number). The product is part of it: the origin blocks a repeat of the same product, so a
 * record view does not block the certificate of the same record (docs/decisions/0027).
 */
export function imovelChave(fonte: string, officeCns: string, matricula: ImovelMatricula): string {
  const numero = matricula.kind === 'cnm' ? matricula.cnm.numero : matricula.numero;
  return `${fonte}:${officeCns}:${numero.replace(/^0+/, '')}`;
}

/** When a blocked record is accepted again: a day of the office's calendar and the instant it starts. */
export interface OrderBlockEnd {
  /** The office's civil day from which the order is accepted again (contract 3: "the date"). */
  readonly date: CivilDate;
  /** Midnight of `date` in the office's time zone: before it the order is refused, from it accepted. */
  readonly from: Date;
}

/**
 * Contract 3, "the response gives the date from which the order is accepted again": whole days of the office. The block
 * lasts 7 days from the blocking order and then to the end of that office day, so the date is the office's day after
 * the one the 7 days end in. Never the instant of the blocking order: it is another customer's, and a date to the
 * millisecond (or a block that lifts at that millisecond, which a free 602 lets anyone probe) would tell when that
 * customer ordered the record (issue 12 item 4, docs/decisions/0048).
 */
export function orderBlockEnd(blocking: Pick<Order, 'createdAt'>, timeZone: string): OrderBlockEnd {
  const windowEnds = new Date(blocking.createdAt.getTime() + ORDER_BLOCK_WINDOW_MS);
  const date = addDays(toLocalDateTime(windowEnds, timeZone).date, 1);
  return { date, from: fromLocalDateTime(date, 0, timeZone) };
}

/**
 * The first office day that starts at or after `at`: how an instant the ORIGIN gives for its own block ("accepted
 * again from") reaches a client — as a day, never the instant, which would tell when the record was ordered
 * (docs/decisions/0048).
 */
export function firstOfficeDayFrom(at: Date, timeZone: string): CivilDate {
  const local = toLocalDateTime(at, timeZone);
  return local.msOfDay === 0 ? local.date : addDays(local.date, 1);
}

/**
 * The order block of a sandbox watch's run, on the sandbox's clock (docs/decisions/0175): 7 days × `timeScale` from
 * the blocking order, then to the start of the next compressed day (a day lasting `timeScale` days, counted from the
 * epoch) — production's whole-office-days rule (`orderBlockEnd`) on that clock, so a weekly record watch runs about
 * every 7 × 432 s at 0.005 instead of being postponed by real days. `date` is the office's day of that instant (the
 * answer's field); `from` is what the watch moves to. With `timeScale` 1, production's `orderBlockEnd` itself.
 */
export function orderBlockEndOnClock(
  blocking: Pick<Order, 'createdAt'>,
  timeZone: string,
  timeScale: number,
): OrderBlockEnd {
  if (timeScale >= 1) return orderBlockEnd(blocking, timeZone);
  const day = MS_PER_DAY * timeScale;
  const windowEnds = blocking.createdAt.getTime() + ORDER_BLOCK_WINDOW_MS * timeScale;
  const from = new Date((Math.floor(windowEnds / day) + 1) * day);
  return { date: toLocalDateTime(from, timeZone).date, from };
}
