import type { WatchFrequencia, WatchTipo } from '@regapi/contracts';

const DAY_MS = 86_400_000;

/** The fixed period of the daily and weekly schedules; the monthly one follows the calendar (`monthlyRunAt`). */
const PERIOD_MS: Readonly<Record<Exclude<WatchFrequencia, 'mensal'>, number>> = {
  diaria: DAY_MS,
  semanal: 7 * DAY_MS,
};

/**
 * The `k`-th month after `anchor`, same UTC day and time of day, the day clamped to the month's last (a watch created
 * on 31 January runs on 28 or 29 February, then on 31 March): always counted from the anchor, never from the previous
 * run, so one short month does not move every later run.
 */
function monthlyRunAt(anchor: Date, k: number): Date {
  const first = new Date(
    Date.UTC(
      anchor.getUTCFullYear(),
      anchor.getUTCMonth() + k,
      1,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return first;
}

/**
 * The period of a schedule on an environment's clock (docs/decisions/0136, 0164): in the sandbox (`timeScale` < 1)
 * a day lasts `timeScale` days, so a daily watch runs every ~7 minutes at the default 0.005 and an integrator sees a
 * change happen; a month there is 30 such days. Production's `timeScale` is 1: the calendar schedule below.
 */
function scaledPeriodMs(frequencia: WatchFrequencia, timeScale: number): number {
  return (frequencia === 'mensal' ? 30 * DAY_MS : PERIOD_MS[frequencia]) * timeScale;
}

/**
 * The `k`-th planned run of a watch created at `anchor` (k = 0 is the first run, at creation: docs/decisions/0161), on
 * the environment's clock (`timeScale`, 1 in production).
 */
export function plannedRunAt(anchor: Date, frequencia: WatchFrequencia, k: number, timeScale = 1): Date {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`run index ${k} is not a whole number ≥ 0`);
  if (timeScale !== 1) return new Date(anchor.getTime() + Math.round(k * scaledPeriodMs(frequencia, timeScale)));
  if (frequencia === 'mensal') return monthlyRunAt(anchor, k);
  return new Date(anchor.getTime() + k * PERIOD_MS[frequencia]);
}

/**
 * The first planned run of a watch created at `anchor` at or after `notBefore` (UTC; docs/decisions/0161): at creation
 * it is the creation instant itself; after a run planned at P it is the one after P (`notBefore` = P + 1 ms); on resume
 * it is the next instant of the same schedule from now, so pausing never shifts the schedule.
 */
export function nextPlannedRun(anchor: Date, frequencia: WatchFrequencia, notBefore: Date, timeScale = 1): Date {
  const elapsed = notBefore.getTime() - anchor.getTime();
  if (elapsed <= 0) return anchor;
  if (timeScale !== 1 || frequencia !== 'mensal') {
    const period = timeScale !== 1 ? scaledPeriodMs(frequencia, timeScale) : PERIOD_MS[frequencia as 'diaria'];
    let k = Math.ceil(elapsed / period);
    while (plannedRunAt(anchor, frequencia, k, timeScale) < notBefore) k += 1;
    return plannedRunAt(anchor, frequencia, k, timeScale);
  }
  const months =
    (notBefore.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + notBefore.getUTCMonth() - anchor.getUTCMonth();
  let k = Math.max(0, months - 1);
  while (plannedRunAt(anchor, frequencia, k) < notBefore) k += 1;
  return plannedRunAt(anchor, frequencia, k);
}

/** The run planned after the one planned at `planned`. */
export function runAfter(anchor: Date, frequencia: WatchFrequencia, planned: Date, timeScale = 1): Date {
  return nextPlannedRun(anchor, frequencia, new Date(planned.getTime() + 1), timeScale);
}

/**
 * How long after its planned instant a run may still be placed and started (docs/decisions/0152): 24 h for a daily
 * watch, 3 days weekly, 7 days monthly. A run not placed in it is recorded `atrasada`, with why (decision 0164).
 */
export const RUN_WINDOW_MS: Readonly<Record<WatchFrequencia, number>> = {
  diaria: DAY_MS,
  semanal: 3 * DAY_MS,
  mensal: 7 * DAY_MS,
};

/** A run's window on the environment's clock (`timeScale`, 1 in production). */
export function runWindowMs(frequencia: WatchFrequencia, timeScale = 1): number {
  return RUN_WINDOW_MS[frequencia] * timeScale;
}

/** Runs in 30 days, for the projected month (docs/decisions/0152): 30 daily, 30/7 weekly, 1 monthly. */
const RUNS_PER_30_DAYS: Readonly<Record<WatchFrequencia, number>> = {
  diaria: 30,
  semanal: 30 / 7,
  mensal: 1,
};

/**
 * Runs a watch of `tipo` makes in 30 days. A weekly record watch runs every 8 days: each run waits out the origin's
 * repeat block of the previous one, 7 days and the rest of that office day (docs/decisions/0177).
 */
export function runsPer30Days(tipo: WatchTipo, frequencia: WatchFrequencia): number {
  return tipo === 'matricula' && frequencia === 'semanal' ? 30 / 8 : RUNS_PER_30_DAYS[frequencia];
}

/**
 * The projected month of a watch (docs/decisions/0152, 0160): the price of one run — the product's quote, never a
 * second computation — times the runs in 30 days, rounded to the centavo (half up).
 */
export function projectedMonthCentavos(perRunCentavos: number, tipo: WatchTipo, frequencia: WatchFrequencia): number {
  if (!Number.isInteger(perRunCentavos) || perRunCentavos < 0) {
    throw new RangeError(`price ${perRunCentavos} is not whole centavos`);
  }
  return Math.round(perRunCentavos * runsPer30Days(tipo, frequencia));
}
