import { createHash } from 'node:crypto';
import { WIRE_ERRORS } from '@regapi/origin';

/** A portal session idle for this long expires (origin time): origin-session must be ready to log in again. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export interface Session {
  readonly token: string;
  readonly openedAt: Date;
  lastUsedAt: Date;
  busy: boolean;
}

export type SessionEntry =
  | { readonly ok: true; readonly session: Session }
  | {
      readonly ok: false;
      readonly erro:
        | typeof WIRE_ERRORS.sessionExpired
        | typeof WIRE_ERRORS.sessionMissing
        | typeof WIRE_ERRORS.sessionBusy;
    };

/**
 * One account, one session (contract 1.7, issue 3): a login replaces the session, a call on a replaced or idle session
 * is "session expired", and a call while another runs on the same session is refused, never queued.
 */
export class SessionDesk {
  private current: Session | null = null;
  private readonly issued = new Set<string>();
  private logins = 0;

  constructor(private readonly seed: number) {}

  login(now: Date): Session {
    this.logins++;
    // Derived from the seed so runs repeat exactly; a simulator token guards nothing real.
    const token = createHash('sha256').update(`${this.seed}|session|${this.logins}`).digest('hex').slice(0, 40);
    this.issued.add(token);
    this.current = { token, openedAt: now, lastUsedAt: now, busy: false };
    return this.current;
  }

  /** Takes the session for one call; the caller must `leave` it. */
  enter(token: string | undefined, now: Date): SessionEntry {
    const session = this.current;
    if (!token || !this.issued.has(token)) return { ok: false, erro: WIRE_ERRORS.sessionMissing };
    if (!session || session.token !== token) return { ok: false, erro: WIRE_ERRORS.sessionExpired };
    if (now.getTime() - session.lastUsedAt.getTime() > SESSION_IDLE_MS) {
      this.current = null;
      return { ok: false, erro: WIRE_ERRORS.sessionExpired };
    }
    if (session.busy) return { ok: false, erro: WIRE_ERRORS.sessionBusy };
    session.busy = true;
    session.lastUsedAt = now;
    return { ok: true, session };
  }

  leave(session: Session, now: Date): void {
    session.busy = false;
    session.lastUsedAt = now;
  }

  isCurrent(session: Session): boolean {
    return this.current === session;
  }

  /** The session dies mid-run (fault `session-kicked`): as if the account had logged in elsewhere. */
  kick(): void {
    this.current = null;
  }
}
