import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';
import { writeConsoleAudit } from './audit';
import { hashPassword, verifyPassword } from './password';
import { acceptedTotpStep, newTotpSecret } from './totp';
import { openTotpSecret, sealTotpSecret, type TotpKey } from './totp-secret-box';
import { passwordProblem } from './users';

/** What a person does to their own access on /seguranca (docs/decisions/0083). */
export type MyAccountResult =
  | 'done'
  | 'wrong-password'
  | 'wrong-code'
  | 'password-too-short'
  | 'password-too-long'
  | 'no-enrolment'
  | 'already-on'
  | 'already-off';

interface Me {
  readonly userId: string;
  readonly accountId: string;
  /** The session doing it: kept when the other sessions end. */
  readonly sessionId: string;
  /** Seals the TOTP secret at rest when given (CONSOLE_TOTP_KEY). */
  readonly totpKey?: TotpKey;
}

async function checkedPassword(db: Kysely<Database>, userId: string, password: string): Promise<boolean> {
  const row = await db.selectFrom('console_user').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash != null && (await verifyPassword(row.password_hash, password));
}

/** Changes one's own password (the current one required); every other session of the user ends. Audited `password.change`. */
export async function changeOwnPassword(
  db: Kysely<Database>,
  clock: Clock,
  me: Me,
  current: string,
  next: string,
): Promise<MyAccountResult> {
  if (!(await checkedPassword(db, me.userId, current))) return 'wrong-password';
  const problem = passwordProblem(next);
  if (problem !== undefined) return problem;
  const passwordHash = await hashPassword(next);
  await db.transaction().execute(async (trx) => {
    const now = clock.now();
    await trx.updateTable('console_user').set({ password_hash: passwordHash }).where('id', '=', me.userId).execute();
    const revoked = await trx
      .updateTable('console_session')
      .set({ revoked_at: now })
      .where('user_id', '=', me.userId)
      .where('id', '!=', me.sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await writeConsoleAudit(trx, {
      accountId: me.accountId,
      userId: me.userId,
      action: 'password.change',
      target: me.userId,
      at: now,
      params: { sessions_revoked: Number(revoked.numUpdatedRows) },
    });
  });
  return 'done';
}

/** The secret being enrolled: a new one unless one is pending already (a reload shows the same QR and text). */
export async function pendingTotpSecret(db: Kysely<Database>, userId: string, totpKey?: TotpKey): Promise<string> {
  const fresh = sealTotpSecret(totpKey, userId, newTotpSecret());
  const row = await db
    .updateTable('console_user')
    .set({ totp_pending_secret: sql<string>`coalesce(totp_pending_secret, ${fresh})` })
    .where('id', '=', userId)
    .returning('totp_pending_secret')
    .executeTakeFirstOrThrow();
  return openTotpSecret(totpKey, userId, row.totp_pending_secret ?? fresh);
}

/** Whether the user has TOTP on. */
export async function totpEnabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('console_user').select('totp_secret').where('id', '=', userId).executeTakeFirst();
  return row?.totp_secret != null;
}

/** Turns TOTP on once a current code of the pending secret proves the app has it. Audited `totp.enable`. */
export async function confirmTotp(db: Kysely<Database>, clock: Clock, me: Me, code: string): Promise<MyAccountResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('console_user')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', me.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.totp_secret !== null) return 'already-on';
    if (row.totp_pending_secret === null) return 'no-enrolment';
    const now = clock.now();
    const secret = openTotpSecret(me.totpKey, me.userId, row.totp_pending_secret);
    const step = acceptedTotpStep(secret, code, now, null);
    if (step === undefined) return 'wrong-code';
    await trx
      .updateTable('console_user')
      .set({
        totp_secret: sealTotpSecret(me.totpKey, me.userId, secret),
        totp_pending_secret: null,
        totp_last_step: String(step),
      })
      .where('id', '=', me.userId)
      .execute();
    await writeConsoleAudit(trx, { accountId: me.accountId, userId: me.userId, action: 'totp.enable', at: now });
    return 'done';
  });
}

/** Turns TOTP off: the password and a current code (not one already used). Audited `totp.disable`. */
export async function disableTotp(
  db: Kysely<Database>,
  clock: Clock,
  me: Me,
  password: string,
  code: string,
): Promise<MyAccountResult> {
  if (!(await checkedPassword(db, me.userId, password))) return 'wrong-password';
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('console_user')
      .select(['totp_secret', 'totp_last_step'])
      .where('id', '=', me.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.totp_secret === null) return 'already-off';
    const now = clock.now();
    const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
    const secret = openTotpSecret(me.totpKey, me.userId, row.totp_secret);
    if (acceptedTotpStep(secret, code, now, lastStep) === undefined) return 'wrong-code';
    await trx
      .updateTable('console_user')
      .set({ totp_secret: null, totp_last_step: null, totp_pending_secret: null })
      .where('id', '=', me.userId)
      .execute();
    await writeConsoleAudit(trx, { accountId: me.accountId, userId: me.userId, action: 'totp.disable', at: now });
    return 'done';
  });
}
