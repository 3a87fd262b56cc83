import type { Database } from '@regapi/db';
import type { Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import { type MailRetryPolicy, type MailTransport, sendDueMail } from './mail-outbox';

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`. */
  readonly url: string;
  /** The From address, e.g. `Console regapi <nao-responda@exemplo.com.br>`. */
  readonly from: string;
}

/** A transport that hands each message to the SMTP server of `settings` (nodemailer). */
export function smtpTransport(settings: SmtpSettings): MailTransport & { close(): void } {
  const transporter = createTransport(settings.url);
  const send: MailTransport = async (mail) => {
    await transporter.sendMail({
      from: settings.from,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.body,
      messageId: `<console-mail-${mail.id}@regapi>`,
    });
  };
  return Object.assign(send, { close: () => transporter.close() });
}

export interface MailSender {
  /** Sends what is due now (the loop also calls it); answers once done. */
  flush(): Promise<{ sent: number; failed: number }>;
  stop(): Promise<void>;
}

/**
 * The console process's sender loop: every `intervalMs`, the due rows of `console_mail` go through `transport`
 * (docs/decisions/0082). Errors of the loop itself (database down) are reported to `onError` and the loop goes on.
 */
export function startMailSender(options: {
  readonly db: Kysely<Database>;
  readonly now: () => Date;
  readonly transport: MailTransport;
  readonly intervalMs?: number;
  readonly retry?: MailRetryPolicy;
  readonly onError: (error: unknown) => void;
}): MailSender {
  return startMailLoop(
    () =>
      sendDueMail(options.db, options.now, options.transport, {
        ...(options.retry === undefined ? {} : { retry: options.retry }),
      }),
    options.intervalMs ?? 5_000,
    options.onError,
  );
}

/**
 * Runs `pass` every `intervalMs` and on `flush()`, one at a time: a flush while a pass runs answers that pass. The
 * loop outlives a failed pass (reported to `onError`); `stop()` ends it once the pass in flight is over.
 */
export function startMailLoop(
  pass: () => Promise<{ sent: number; failed: number }>,
  intervalMs: number,
  onError: (error: unknown) => void,
): MailSender {
  let running: Promise<{ sent: number; failed: number }> | undefined;
  const flush = (): Promise<{ sent: number; failed: number }> => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    flush().catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    flush,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
