import { randomBytes } from 'node:crypto';
import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import { csrfTokenFor } from './csrf';
import type { ConsoleRole } from './permissions';
import { newSessionToken, sessionIdOf } from './session-token';

/** How long a session lives (docs/decisions/0070). */
export interface SessionLifetime {
  /** Without a request for this long, the session ends. */
  readonly idleMs: number;
  /** From sign-in, whatever the activity: the user signs in again. */
  readonly absoluteMs: number;
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = Object.freeze({
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
});

/** A signed-in user, as every page receives it. */
export interface ConsoleSession {
  /** The stored id (the token's hash): safe to log, useless as a cookie. */
  readonly id: string;
  readonly userId: string;
  readonly accountId: string;
  readonly email: string;
  readonly role: ConsoleRole;
  /** Goes in every form of this session; `verifyCsrf` checks it on the way back. */
  readonly csrfToken: string;
  readonly csrfSecret: Buffer;
  readonly expiresAt: Date;
  /** `teste` while the session is in test mode (docs/decisions/0146); every session starts in `producao`. */
  readonly ambiente: 'producao' | 'teste';
}

export interface NewSession {
  /** For the cookie only: never stored, never logged. */
  readonly token: string;
  readonly id: string;
  readonly csrfToken: string;
  readonly expiresAt: Date;
}

/** Starts a session for `userId` (a new token at every sign-in, so a token planted before sign-in is worthless). */
export async function createSession(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<NewSession> {
  const token = newSessionToken();
  const id = sessionIdOf(token);
  if (id === undefined) throw new Error('a fresh session token has not the token form');
  const csrfSecret = randomBytes(32);
  const expiresAt = new Date(now.getTime() + lifetime.absoluteMs);
  await db
    .insertInto('console_session')
    .values({ id, user_id: userId, csrf_secret: csrfSecret, created_at: now, last_seen_at: now, expires_at: expiresAt })
    .execute();
  return { token, id, csrfToken: csrfTokenFor(csrfSecret), expiresAt };
}

/**
 * The session a cookie's token opens, or undefined when there is none: unknown, revoked, past its absolute expiry,
 * idle for too long, or its user disabled. Marks the session seen in the same statement, so two replicas never
 * disagree on whether it was still alive.
 */
export async function sessionOf(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<ConsoleSession | undefined> {
  const id = sessionIdOf(token);
  if (id === undefined) return undefined;
  const now = clock.now();
  const idleSince = new Date(now.getTime() - lifetime.idleMs);
  const row = await db
    .updateTable('console_session as s')
    .from('console_user as u')
    // greatest: a clock stepped back never moves last_seen_at backwards.
    .set({ last_seen_at: sql<Date>`greatest(s.last_seen_at, ${now}::timestamptz)` })
    .whereRef('u.id', '=', 's.user_id')
    .where('s.id', '=', id)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('u.disabled_at', 'is', null)
    .returning([
      's.id',
      's.user_id',
      's.csrf_secret',
      's.expires_at',
      's.ambiente',
      'u.account_id',
      'u.email',
      'u.role',
    ])
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    csrfToken: csrfTokenFor(row.csrf_secret),
    csrfSecret: row.csrf_secret,
    expiresAt: row.expires_at,
    ambiente: row.ambiente,
  };
}

/** The test-mode switch (docs/decisions/0146): the environment a live session looks at from now on. */
export async function setSessionAmbiente(
  db: Kysely<Database>,
  sessionId: string,
  ambiente: 'producao' | 'teste',
): Promise<boolean> {
  const result = await db
    .updateTable('console_session')
    .set({ ambiente })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends the session of `token`; returns whose it was, or undefined when there was no live session to end. */
export async function revokeSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ userId: string; accountId: string } | undefined> {
  const id = sessionIdOf(token);
  if (id === undefined) return undefined;
  const row = await db
    .updateTable('console_session as s')
    .from('console_user as u')
    .set({ revoked_at: now })
    .whereRef('u.id', '=', 's.user_id')
    .where('s.id', '=', id)
    .where('s.revoked_at', 'is', null)
    .returning(['s.user_id', 'u.account_id'])
    .executeTakeFirst();
  return row === undefined ? undefined : { userId: row.user_id, accountId: row.account_id };
}

/** Ends every live session of a user (disabled, password changed, role taken away). */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('console_session')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
