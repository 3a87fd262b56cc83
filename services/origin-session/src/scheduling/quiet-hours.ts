import type { Database } from '@regapi/db';
import {
  type CapacitySettings,
  createQuietHours,
  forecastIdleCapacity,
  HOUR_MS,
  type QuietHours,
  readInteractiveLoad,
} from '@regapi/orders';
import type { Kysely } from 'kysely';

/**
 * The quiet hours the fair queue lets watch runs start in (docs/decisions/0174): those of the same forecast admission
 * reads (decision 0163), from the interactive load of the whole hours before `now`. It changes only when an hour ends,
 * so the runner reads it at its rebuild and again at the first decision of each new hour (`isDue`).
 */
export async function readQuietHours(db: Kysely<Database>, now: Date, settings: CapacitySettings): Promise<QuietHours> {
  const forecast = forecastIdleCapacity(await readInteractiveLoad(db, now), settings);
  return createQuietHours(forecast.quiet);
}

/** Whether quiet hours read at `readAt` (epoch ms; undefined: never) are stale at `now`: another hour began. */
export function quietHoursDue(readAt: number | undefined, now: number): boolean {
  return readAt === undefined || Math.floor(readAt / HOUR_MS) !== Math.floor(now / HOUR_MS);
}
