import { readFileSync, writeFileSync } from 'node:fs';
import type { Clock } from '@regapi/calendar';

/**
 * The wall clock plus an offset kept in a file, so a test can move the business time of OTHER processes (origin-session
 * replicas, the simulator) forward together: an in-doubt wait of minutes passes in an instant, for every process alike.
 */
export function fileOffsetClock(path: string): Clock {
  let offset = 0;
  let readAt = 0;
  return {
    now() {
      const wall = Date.now();
      if (wall - readAt >= 20) {
        readAt = wall;
        const text = readFileSync(path, 'utf8').trim();
        const parsed = Number(text === '' ? '0' : text);
        if (Number.isFinite(parsed)) offset = parsed;
      }
      return new Date(wall + offset);
    },
  };
}

export function writeClockOffset(path: string, offsetMs: number): void {
  writeFileSync(path, String(offsetMs));
}
