import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { writeConsoleAudit } from './audit';
import { queueMail } from './mail-outbox';
import { type LinkPurpose, linkState, mintLink, useLink } from './one-time-links';
import { hashPassword } from './password';
import type { ConsoleRole } from './permissions';
import { revokeUserSessions } from './sessions';
import { type ConsoleUser, createUser, normalizeEmail, passwordProblem } from './users';

/** Who acts: a console user (an administrator of the account) or an operator through the admin API. */
export type LinkActor = { readonly userId: string } | { readonly operator: string | null };

/** Who acted, as an audit row says it: the console user's id, or none and the operator's name. */
export function actorAudit(actor: LinkActor): { userId: string | null; params: Record<string, string | null> } {
  return 'userId' in actor
    ? { userId: actor.userId, params: {} }
    : { userId: null, params: { operator: actor.operator } };
}

/** A link as a person opens it: the console's public URL (no trailing slash) and the link's path. */
function fullLink(consoleUrl: string, path: string): string {
  return `${consoleUrl.replace(/\/+$/, '')}${path}`;
}

function invitationMail(link: string, expiresAt: Date): { subject: string; body: string } {
  return {
    subject: 'Convite para o console regapi',
    body: [
      'Você foi convidado(a) para o console regapi.',
      '',
      'Para escolher sua senha e entrar, abra este link (vale uma vez, por 7 dias):',
      link,
      '',
      `Expira em ${expiresAt.toISOString()}.`,
      'Se não esperava este convite, ignore esta mensagem.',
    ].join('\n'),
  };
}

function resetMail(link: string): { subject: string; body: string } {
  return {
    subject: 'Nova senha do console regapi',
    body: [
      'Recebemos um pedido de nova senha para o seu acesso ao console regapi.',
      '',
      'Para escolher uma nova senha, abra este link (vale uma vez, por 1 hora):',
      link,
      '',
      'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
    ].join('\n'),
  };
}

export interface Invitation {
  readonly user: ConsoleUser;
  /** The full link: in the outbox's message, and shown to the operator when no SMTP server sends it. */
  readonly link: string;
  readonly expiresAt: Date;
  readonly mailId: number;
}

/**
 * Creates a user without a password and their invitation (docs/decisions/0082): the user, the link and the message
 * in the outbox commit together, with the audit row `user.invite`. Throws InvalidConsoleUserError for a bad e-mail,
 * one already taken, or an unknown account.
 */
export async function inviteUser(
  db: Kysely<Database>,
  clock: Clock,
  invite: { accountId: string; email: string; role: ConsoleRole; consoleUrl: string; actor: LinkActor },
): Promise<Invitation> {
  return db.transaction().execute(async (trx) => {
    const user = await createUser(trx, clock, { accountId: invite.accountId, email: invite.email, role: invite.role });
    const now = clock.now();
    const minted = await mintLink(trx, user.id, 'invitation', now);
    const link = fullLink(invite.consoleUrl, minted.path);
    const mailId = await queueMail(
      trx,
      { accountId: user.accountId, recipient: user.email, ...invitationMail(link, minted.expiresAt) },
      now,
    );
    const actor = actorAudit(invite.actor);
    await writeConsoleAudit(trx, {
      accountId: user.accountId,
      userId: actor.userId,
      action: 'user.invite',
      target: user.id,
      at: now,
      params: { ...actor.params, email: user.email, role: user.role },
    });
    return { user, link, expiresAt: minted.expiresAt, mailId };
  });
}

/**
 * A new invitation for a user of `accountId` who has not chosen a password yet (the earlier link stops working).
 * Undefined when there is no such user in that account, or they are disabled or already active.
 */
export async function resendInvitation(
  db: Kysely<Database>,
  clock: Clock,
  resend: { accountId: string; userId: string; consoleUrl: string; actor: LinkActor },
): Promise<Invitation | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('console_user')
      .select(['id', 'account_id', 'email', 'role'])
      .where('id', '=', resend.userId)
      .where('account_id', '=', resend.accountId)
      .where('password_hash', 'is', null)
      .where('disabled_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const user: ConsoleUser = { id: row.id, accountId: row.account_id, email: row.email, role: row.role };
    const now = clock.now();
    const minted = await mintLink(trx, user.id, 'invitation', now);
    const link = fullLink(resend.consoleUrl, minted.path);
    const mailId = await queueMail(
      trx,
      { accountId: user.accountId, recipient: user.email, ...invitationMail(link, minted.expiresAt) },
      now,
    );
    const actor = actorAudit(resend.actor);
    await writeConsoleAudit(trx, {
      accountId: user.accountId,
      userId: actor.userId,
      action: 'user.invite-resend',
      target: user.id,
      at: now,
      params: actor.params,
    });
    return { user, link, expiresAt: minted.expiresAt, mailId };
  });
}

/**
 * A link opened with a new password: `done` (password set, link used), the link's refusal, or a password problem
 * (the link stays open for another try).
 */
export type SetPasswordResult =
  | { kind: 'done'; userId: string; accountId: string; email: string }
  | { kind: 'unknown' | 'used' | 'expired' }
  | { kind: 'password-too-short' | 'password-too-long' };

async function setPasswordThroughLink(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  purpose: LinkPurpose,
  password: string,
): Promise<SetPasswordResult> {
  const problem = passwordProblem(password);
  // Hashing is slow: before the transaction, so no row stays locked meanwhile.
  const passwordHash = problem === undefined ? await hashPassword(password) : undefined;
  return db.transaction().execute(async (trx): Promise<SetPasswordResult> => {
    const now = clock.now();
    const state = await linkState(trx, token, purpose, now, true);
    if (state.kind !== 'open') return state;
    if (problem !== undefined || passwordHash === undefined) return { kind: problem ?? 'password-too-short' };
    await trx
      .updateTable('console_user')
      .set({ password_hash: passwordHash, failed_attempts: 0, last_failed_at: null, locked_until: null })
      .where('id', '=', state.userId)
      .execute();
    await useLink(trx, token, now);
    const revoked = await revokeUserSessions(trx, state.userId, now);
    await writeConsoleAudit(trx, {
      accountId: state.accountId,
      userId: state.userId,
      action: purpose === 'invitation' ? 'user.accept' : 'password.reset',
      target: state.userId,
      at: now,
      params: purpose === 'invitation' ? {} : { sessions_revoked: revoked },
    });
    return { kind: 'done', userId: state.userId, accountId: state.accountId, email: state.email };
  });
}

/** Accepts an invitation: the invited user's first password. */
export function acceptInvitation(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  password: string,
): Promise<SetPasswordResult> {
  return setPasswordThroughLink(db, clock, token, 'invitation', password);
}

/** Sets a new password through a reset link; every session of the user ends (a thief's included). */
export function resetPassword(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  password: string,
): Promise<SetPasswordResult> {
  return setPasswordThroughLink(db, clock, token, 'password-reset', password);
}

/**
 * Queues a reset link for `email` when it is an active user's (has a password, not disabled). Answers nothing the
 * caller could show: the page says the same whatever happened, so it tells no one which e-mails have an account.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  clock: Clock,
  email: string,
  consoleUrl: string,
): Promise<void> {
  const normalized = normalizeEmail(email);
  if (normalized.length > 254) return;
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('console_user')
      .select(['id', 'account_id', 'email'])
      .where('email', '=', normalized)
      .where('password_hash', 'is not', null)
      .where('disabled_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (user === undefined) return;
    const now = clock.now();
    const minted = await mintLink(trx, user.id, 'password-reset', now);
    await queueMail(
      trx,
      { accountId: user.account_id, recipient: user.email, ...resetMail(fullLink(consoleUrl, minted.path)) },
      now,
    );
    await writeConsoleAudit(trx, {
      accountId: user.account_id,
      userId: user.id,
      action: 'password.reset-request',
      target: user.id,
      at: now,
    });
  });
}
