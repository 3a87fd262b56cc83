import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';
import type { JwtKeyring } from '@regapi/tokens';
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { LockoutPolicy, SessionLifetime, TotpKey } from '../auth';
import type { SessionGuard } from './session-guard';
import type { Throttle } from './throttle';

/** What every area of the console reads and writes through. */
export interface ConsoleContext {
  readonly db: Kysely<Database>;
  /** The sandbox's database (SANDBOX_DATABASE_URL), when the installation has one: the test mode's data (decision 0146). */
  readonly sandboxDb?: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly signInThrottle: Throttle;
  readonly lockout?: LockoutPolicy;
  readonly sessionLifetime?: SessionLifetime;
  readonly keyring: JwtKeyring;
  /** Contract 8, the same setting the gateway and origin-session read: the status page's wait for a search. */
  readonly hourlySearchCeiling: number;
  /** The gateway's public listener (docs/decisions/0073). */
  readonly apiBaseUrl: string;
  /** The console's own public URL (no trailing slash): the links of invitations and resets start with it. */
  readonly publicUrl: string;
  /** Whether SMTP sends the console's mail; without it messages wait for an operator (docs/decisions/0082). */
  readonly smtpConfigured: boolean;
  /** Accept `http:` webhook URLs (tests and local runs; docs/decisions/0095). */
  readonly webhooksAllowHttp: boolean;
  /** The public API documentation the home page links to (CONSOLE_DOCS_URL; docs/decisions/0156). */
  readonly docsUrl: string;
  /** Password-reset requests per e-mail address and per client address (docs/decisions/0082). */
  readonly resetThrottle: { readonly perEmail: Throttle; readonly perClient: Throttle };
  /** Seals TOTP secrets at rest when set (docs/decisions/0083). */
  readonly totpKey?: TotpKey;
  /** Loads the signed-in session and checks a permission; see session-guard. */
  readonly guard: SessionGuard;
}

/** One part of the console (sign-in, tokens, orders, ...): adds its routes to the console's router. */
export type ConsoleArea = (router: Router, context: ConsoleContext) => void;
