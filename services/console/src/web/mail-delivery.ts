import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import { every } from '@regapi/runtime';
import type { Logger } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import { listUnsentMail, type SmtpSettings, sendDueMail, smtpTransport } from '../auth';

/** Between two passes of the console's mail. */
const MAIL_EVERY_MS = 5_000;

export interface MailDelivery {
  /** A pass now (the loop also runs one every interval); while one runs, that one's counts. */
  flush(): Promise<{ sent: number; failed: number }>;
  /** Ends the loop once the pass in flight is over. */
  stop(): Promise<void>;
}

/**
 * The console's mail (docs/decisions/0082), a pass every 5 s, one at a time (decision 0114); a failed pass (database
 * down) is logged and the loop goes on. With SMTP: each pass sends the due rows of `console_mail` and marks each row
 * sent. Without: nothing is sent and nothing is marked sent; each waiting message is written once to this process's
 * log (the standalone system's operator reads the link there), and `pnpm ops mail list` shows them all.
 */
export function startMailDelivery(options: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly smtp: SmtpSettings | undefined;
  readonly intervalMs?: number;
}): MailDelivery {
  const { db, logger } = options;
  const intervalMs = options.intervalMs ?? MAIL_EVERY_MS;
  if (options.smtp !== undefined) {
    const transport = smtpTransport(options.smtp);
    const loop = every(intervalMs, () => sendDueMail(db, () => options.clock.now(), transport), {
      onError: (error) => logger.error({ err: error }, 'console mail sender failed'),
    });
    loop.start();
    return {
      flush: loop.runNow,
      stop: async () => {
        await loop.stop();
        transport.close();
      },
    };
  }
  let lastLogged = 0n;
  const logPass = async (): Promise<{ sent: number; failed: number }> => {
    for (const message of await listUnsentMail(db, { limit: 1000 })) {
      if (BigInt(message.id) <= lastLogged) continue;
      lastLogged = BigInt(message.id);
      logger.warn(
        { mail_id: message.id, recipient: message.recipient, subject: message.subject, body: message.body },
        'console mail NOT sent (no SMTP_URL): hand it over to its recipient; see `pnpm ops mail list`',
      );
    }
    return { sent: 0, failed: 0 };
  };
  const loop = every(intervalMs, logPass, {
    onError: (error) => logger.error({ err: error }, 'console mail listing failed'),
  });
  loop.start();
  return { flush: loop.runNow, stop: loop.stop };
}
