import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely, Transaction } from 'kysely';
import { writeConsoleAudit } from './audit';
import { actorAudit, type LinkActor } from './invitations';
import type { ConsoleRole } from './permissions';
import { revokeUserSessions } from './sessions';

/** A user as the account's administrators and the operators see them. */
export interface AccountUser {
  readonly id: string;
  readonly email: string;
  readonly role: ConsoleRole;
  readonly totpEnabled: boolean;
  /** Invited, no password chosen yet. */
  readonly invitationPending: boolean;
  readonly createdAt: Date;
  readonly disabledAt: Date | null;
}

function userQuery(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('console_user')
    .select(['id', 'email', 'role', 'totp_secret', 'password_hash', 'created_at', 'disabled_at'])
    .where('account_id', '=', accountId);
}

function userOfRow(row: {
  id: string;
  email: string;
  role: ConsoleRole;
  totp_secret: string | null;
  password_hash: string | null;
  created_at: Date;
  disabled_at: Date | null;
}): AccountUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    totpEnabled: row.totp_secret !== null,
    invitationPending: row.password_hash === null,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

export async function listAccountUsers(db: Kysely<Database>, accountId: string): Promise<AccountUser[]> {
  const rows = await userQuery(db, accountId).orderBy('created_at').orderBy('email').execute();
  return rows.map(userOfRow);
}

/** One user of `accountId`, or undefined (another account's id is as unknown as a made-up one). */
export async function accountUser(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<AccountUser | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return undefined;
  const row = await userQuery(db, accountId).where('id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : userOfRow(row);
}

export type UserChangeResult = 'done' | 'not-found' | 'self' | 'last-admin';

/**
 * The account's active administrators, rows locked to the end of the transaction: two administrators demoting each
 * other at once cannot both pass the "last administrator" check.
 */
async function lockActiveAdministrators(trx: Transaction<Database>, accountId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('console_user')
    .select('id')
    .where('account_id', '=', accountId)
    .where('role', '=', 'administrador')
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The user of the account whose role or state is about to change, its row locked after the administrators' (always
 * in that order, so two changes cannot deadlock), and whether it is the account's last active administrator.
 */
async function lockUserForChange(
  trx: Transaction<Database>,
  accountId: string,
  userId: string,
): Promise<{ id: string; role: ConsoleRole; disabled_at: Date | null; lastAdministrator: boolean } | undefined> {
  const admins = await lockActiveAdministrators(trx, accountId);
  const user = await trx
    .selectFrom('console_user')
    .select(['id', 'role', 'disabled_at'])
    .where('id', '=', userId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (user === undefined) return undefined;
  const lastAdministrator = user.role === 'administrador' && admins.length <= 1 && admins.includes(user.id);
  return { ...user, lastAdministrator };
}

/**
 * Gives a user of the account another role. The last active administrator keeps theirs (an account always has one);
 * an administrator does not demote themself (another administrator does). Audited `user.role`.
 */
export async function changeUserRole(
  db: Kysely<Database>,
  clock: Clock,
  change: { accountId: string; userId: string; role: ConsoleRole; actorUserId: string },
): Promise<UserChangeResult> {
  if (change.userId === change.actorUserId) return 'self';
  return db.transaction().execute(async (trx) => {
    const user = await lockUserForChange(trx, change.accountId, change.userId);
    if (user === undefined || user.disabled_at !== null) return 'not-found';
    if (user.role === change.role) return 'done';
    if (user.lastAdministrator) return 'last-admin';
    const now = clock.now();
    await trx.updateTable('console_user').set({ role: change.role }).where('id', '=', user.id).execute();
    await writeConsoleAudit(trx, {
      accountId: change.accountId,
      userId: change.actorUserId,
      action: 'user.role',
      target: user.id,
      at: now,
      params: { from: user.role, to: change.role },
    });
    return 'done';
  });
}

/**
 * Disables a user of the account: their sessions end at once and their open links stop working. Not oneself, not the
 * last active administrator. Audited `user.disable`.
 */
export async function disableUser(
  db: Kysely<Database>,
  clock: Clock,
  change: { accountId: string; userId: string; actorUserId: string },
): Promise<UserChangeResult> {
  if (change.userId === change.actorUserId) return 'self';
  return db.transaction().execute(async (trx) => {
    const user = await lockUserForChange(trx, change.accountId, change.userId);
    if (user === undefined) return 'not-found';
    if (user.disabled_at !== null) return 'done';
    if (user.lastAdministrator) return 'last-admin';
    const now = clock.now();
    await trx.updateTable('console_user').set({ disabled_at: now }).where('id', '=', user.id).execute();
    const revoked = await revokeUserSessions(trx, user.id, now);
    await trx
      .updateTable('console_link')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await writeConsoleAudit(trx, {
      accountId: change.accountId,
      userId: change.actorUserId,
      action: 'user.disable',
      target: user.id,
      at: now,
      params: { sessions_revoked: revoked },
    });
    return 'done';
  });
}

/**
 * Removes a user's second factor, for a person who lost their authenticator (docs/decisions/0083): the secret, any
 * enrolment under way and the last step used are cleared, and their sessions end, so the next sign-in is by password
 * alone and they enrol again from "Minha conta". By an administrator of the account (not for oneself: that is "Minha
 * conta", with password and code) or an operator (the account's last administrator). Audited `user.totp-reset`.
 */
export async function resetUserSecondFactor(
  db: Kysely<Database>,
  clock: Clock,
  change: { accountId: string; userId: string; actor: LinkActor },
): Promise<UserChangeResult | 'no-second-factor'> {
  if ('userId' in change.actor && change.userId === change.actor.userId) return 'self';
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('console_user')
      .select(['id', 'totp_secret', 'disabled_at'])
      .where('id', '=', change.userId)
      .where('account_id', '=', change.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (user === undefined || user.disabled_at !== null) return 'not-found';
    if (user.totp_secret === null) return 'no-second-factor';
    const now = clock.now();
    await trx
      .updateTable('console_user')
      .set({ totp_secret: null, totp_last_step: null, totp_pending_secret: null })
      .where('id', '=', user.id)
      .execute();
    const revoked = await revokeUserSessions(trx, user.id, now);
    const actor = actorAudit(change.actor);
    await writeConsoleAudit(trx, {
      accountId: change.accountId,
      userId: actor.userId,
      action: 'user.totp-reset',
      target: user.id,
      at: now,
      params: { ...actor.params, sessions_revoked: revoked },
    });
    return 'done';
  });
}
