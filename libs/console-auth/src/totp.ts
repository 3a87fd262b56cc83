import { Secret, TOTP } from 'otpauth';

/**
 * The second factor (docs/decisions/0083): RFC 6238 TOTP, SHA-1, 6 digits, 30-second steps (what every
 * authenticator app reads from an otpauth:// URI), a 20-byte secret. A code of the step before or after is accepted
 * (clock drift); a step at or before the last accepted one is refused, so a code is never used twice.
 */
const PERIOD_S = 30;
const ISSUER = 'regapi';

function totpOf(secretBase32: string, label = 'console'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh secret, base32 (what a person types when the app cannot read the URI). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app enrolls from. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The time step of `at`. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD_S);
}

/**
 * The step `code` belongs to (now, one before or one after), or undefined when it is none of them or is not
 * after `lastStep` (a replay).
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | undefined {
  const digits = code.replace(/\s+/g, '');
  if (!/^[0-9]{6}$/.test(digits)) return undefined;
  const delta = totpOf(secretBase32).validate({ token: digits, timestamp: at.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = totpStep(at) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}

/** The code of `at` (for tests and for nothing else in the console). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}
