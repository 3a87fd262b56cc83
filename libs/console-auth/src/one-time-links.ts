import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';

/** What a one-time link does (docs/decisions/0082). */
export type LinkPurpose = 'invitation' | 'password-reset';

/** How long a link opens: an invitation waits a week for its person; a reset answers a request made just now. */
export const LINK_LIFETIME_MS: Readonly<Record<LinkPurpose, number>> = Object.freeze({
  invitation: 7 * 24 * 60 * 60_000,
  'password-reset': 60 * 60_000,
});

/** The console path a link's token is used at. */
export const LINK_PATH: Readonly<Record<LinkPurpose, string>> = Object.freeze({
  invitation: '/convite/',
  'password-reset': '/senha/nova/',
});

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The stored id of a link: SHA-256 (hex) of its token; undefined for anything that is not a token's shape. */
export function linkIdOf(token: string): string | undefined {
  if (!TOKEN_FORM.test(token)) return undefined;
  return createHash('sha256').update(token).digest('hex');
}

export interface MintedLink {
  /** Goes in the link only: never stored, never logged by the console. */
  readonly token: string;
  readonly path: string;
  readonly expiresAt: Date;
}

/**
 * A new link for `userId`. The user's earlier unused links of the same purpose stop working: only the latest
 * invitation or reset opens (a resend replaces, never adds).
 */
export async function mintLink(
  db: Kysely<Database>,
  userId: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<MintedLink> {
  const token = randomBytes(32).toString('base64url');
  const id = linkIdOf(token);
  if (id === undefined) throw new Error('a fresh link token has not the token form');
  await db
    .updateTable('console_link')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await db
    .insertInto('console_link')
    .values({ id, user_id: userId, purpose, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, path: `${LINK_PATH[purpose]}${token}`, expiresAt };
}

/** Why a link does not open: never opened by anyone (`unknown`), already used or replaced (`used`), too old (`expired`). */
export type LinkState =
  | { kind: 'open'; userId: string; accountId: string; email: string }
  | { kind: 'unknown' | 'used' | 'expired' };

/**
 * The state of `token` for `purpose`; with `forUpdate` the link's row stays locked to the end of the caller's
 * transaction, so two tabs that submit the same link use it once.
 */
export async function linkState(
  db: Kysely<Database>,
  token: string,
  purpose: LinkPurpose,
  now: Date,
  forUpdate = false,
): Promise<LinkState> {
  const id = linkIdOf(token);
  if (id === undefined) return { kind: 'unknown' };
  let query = db
    .selectFrom('console_link as l')
    .innerJoin('console_user as u', 'u.id', 'l.user_id')
    .select(['l.used_at', 'l.expires_at', 'u.id as user_id', 'u.account_id', 'u.email', 'u.disabled_at'])
    .where('l.id', '=', id)
    .where('l.purpose', '=', purpose);
  if (forUpdate) query = query.forUpdate('l');
  const row = await query.executeTakeFirst();
  if (row === undefined) return { kind: 'unknown' };
  if (row.used_at !== null || row.disabled_at !== null) return { kind: 'used' };
  if (row.expires_at <= now) return { kind: 'expired' };
  return { kind: 'open', userId: row.user_id, accountId: row.account_id, email: row.email };
}

/** Marks the link used (in the caller's transaction, after `linkState(..., forUpdate)`). */
export async function useLink(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  const id = linkIdOf(token);
  if (id === undefined) return;
  await db.updateTable('console_link').set({ used_at: now }).where('id', '=', id).execute();
}
