import {
  addBusinessHours,
  businessHoursBetween,
  isBusinessTime,
  isRegistryBusinessDay,
  MS_PER_HOUR,
  nextBusinessStart,
  REGISTRY_CLOSES_AT_HOUR,
  REGISTRY_OPENS_AT_HOUR,
  toLocalDateTime,
} from '@regapi/calendar';
import fc from 'fast-check';

/** 2017-2030: includes São Paulo's last DST seasons, so the properties also run across offset changes. */
const instant = fc
  .integer({ min: Date.parse('2017-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') })
  .map((ms) => new Date(ms));
const zone = fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/Rio_Branco', 'America/Noronha');
/** Up to four weeks of business time, in whole milliseconds so the expected sum is exact. */
const hours = fc.integer({ min: 0, max: 140 * MS_PER_HOUR }).map((ms) => ms / MS_PER_HOUR);

const CLOSE_MS = REGISTRY_CLOSES_AT_HOUR * MS_PER_HOUR;
const TOLERANCE_HOURS = 1e-9;

function isClosingInstant(at: Date, timeZone: string): boolean {
  const local = toLocalDateTime(at, timeZone);
  return local.msOfDay === CLOSE_MS && isRegistryBusinessDay(local.date);
}

test('adding business hours lands inside business time or exactly at 16:00 closing', () => {
  fc.assert(
    fc.property(instant, hours, zone, (from, h, tz) => {
      const result = addBusinessHours(from, h, tz);
      expect(isBusinessTime(result, tz) || isClosingInstant(result, tz)).toBe(true);
      expect(result.getTime()).toBeGreaterThanOrEqual(from.getTime());
    }),
  );
});

test('the business hours between a start and start + h are h', () => {
  fc.assert(
    fc.property(instant, hours, zone, (from, h, tz) => {
      const to = addBusinessHours(from, h, tz);
      expect(Math.abs(businessHoursBetween(from, to, tz) - h)).toBeLessThan(TOLERANCE_HOURS);
    }),
  );
});

/** Up to 90 days: the walk is one step per business day, and long spans add nothing but time to the check. */
const span = fc.integer({ min: 0, max: 90 * 24 * MS_PER_HOUR });

test('business hours between instants add up over a split point', () => {
  fc.assert(
    fc.property(instant, span, span, zone, (a, ab, bc, tz) => {
      const b = new Date(a.getTime() + ab);
      const c = new Date(b.getTime() + bc);
      const whole = businessHoursBetween(a, c, tz);
      const parts = businessHoursBetween(a, b, tz) + businessHoursBetween(b, c, tz);
      expect(Math.abs(whole - parts)).toBeLessThan(TOLERANCE_HOURS);
      // Antisymmetric; a sum, not `toBe(-whole)`: for an empty span that would ask for -0 where 0 is as right.
      expect(businessHoursBetween(c, a, tz) + whole).toBe(0);
    }),
  );
});

test('isBusinessTime agrees with the local wall clock', () => {
  fc.assert(
    fc.property(instant, zone, (at, tz) => {
      const local = toLocalDateTime(at, tz);
      const byClock =
        isRegistryBusinessDay(local.date) &&
        local.msOfDay >= REGISTRY_OPENS_AT_HOUR * MS_PER_HOUR &&
        local.msOfDay < CLOSE_MS;
      expect(isBusinessTime(at, tz)).toBe(byClock);
    }),
    { numRuns: 500 },
  );
});

test('the next business start is never earlier than asked, always open, and nothing open is skipped', () => {
  fc.assert(
    fc.property(instant, zone, (at, tz) => {
      const start = nextBusinessStart(at, tz);
      expect(start.getTime()).toBeGreaterThanOrEqual(at.getTime());
      expect(isBusinessTime(start, tz)).toBe(true);
      expect(businessHoursBetween(at, start, tz)).toBe(0);
    }),
  );
});
