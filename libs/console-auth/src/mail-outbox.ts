import type { Database } from '@regapi/db';
import { type Kysely, sql } from 'kysely';

/** One message for a console user (docs/decisions/0082). */
export interface ConsoleMail {
  readonly accountId: string;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
}

/** Writes a message to the outbox, in the caller's transaction: the message commits with its cause or not at all. */
export async function queueMail(db: Kysely<Database>, mail: ConsoleMail, now: Date): Promise<number> {
  const row = await db
    .insertInto('console_mail')
    .values({
      account_id: mail.accountId,
      recipient: mail.recipient,
      subject: mail.subject,
      body: mail.body,
      created_at: now,
      next_attempt_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface UnsentMail extends ConsoleMail {
  readonly id: number;
  readonly createdAt: Date;
  readonly attempts: number;
  readonly lastError: string | null;
}

/** Messages not sent yet, oldest first: what an operator hands over when no SMTP server is configured. */
export async function listUnsentMail(
  db: Kysely<Database>,
  filter: { accountId?: string; limit?: number } = {},
): Promise<UnsentMail[]> {
  let query = db
    .selectFrom('console_mail')
    .select(['id', 'account_id', 'recipient', 'subject', 'body', 'created_at', 'attempts', 'last_error'])
    .where('sent_at', 'is', null)
    .orderBy('id')
    .limit(filter.limit ?? 100);
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
    attempts: row.attempts,
    lastError: row.last_error,
  }));
}

/** Sends one message; throws when the server refuses it or cannot be reached. */
export type MailTransport = (mail: ConsoleMail & { readonly id: number }) => Promise<void>;

export interface MailRetryPolicy {
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_MAIL_RETRY: MailRetryPolicy = Object.freeze({ firstDelayMs: 10_000, maxDelayMs: 60 * 60_000 });

/** The wait before attempt `attempts + 1`, doubling from the first delay up to the maximum. */
export function mailRetryDelayMs(policy: MailRetryPolicy, attempts: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), policy.maxDelayMs);
}

/**
 * Sends the messages that are due, one claimed row at a time (`FOR UPDATE SKIP LOCKED`: replicas never send the
 * same row together). A sent row gets `sent_at`; a failure counts an attempt and waits longer before the next. The
 * row stays locked while the transport works, so a crash mid-send leaves it unsent (at-least-once, nothing lost).
 * Answers how many were sent.
 */
export async function sendDueMail(
  db: Kysely<Database>,
  now: () => Date,
  transport: MailTransport,
  options: { retry?: MailRetryPolicy; batch?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const retry = options.retry ?? DEFAULT_MAIL_RETRY;
  let sent = 0;
  let failed = 0;
  for (let index = 0; index < (options.batch ?? 20); index += 1) {
    const outcome = await db.transaction().execute(async (trx) => {
      const at = now();
      const row = await trx
        .selectFrom('console_mail')
        .select(['id', 'account_id', 'recipient', 'subject', 'body', 'attempts'])
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', at)
        .orderBy('next_attempt_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (row === undefined) return 'none' as const;
      try {
        await transport({
          id: row.id,
          accountId: row.account_id,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
        });
        await trx
          .updateTable('console_mail')
          .set({ sent_at: now(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
        return 'sent' as const;
      } catch (error: unknown) {
        const attempts = row.attempts + 1;
        await trx
          .updateTable('console_mail')
          .set({
            attempts,
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
            next_attempt_at: sql<Date>`${new Date(now().getTime() + mailRetryDelayMs(retry, attempts))}::timestamptz`,
          })
          .where('id', '=', row.id)
          .execute();
        return 'failed' as const;
      }
    });
    if (outcome === 'none') break;
    if (outcome === 'sent') sent += 1;
    else failed += 1;
  }
  return { sent, failed };
}
