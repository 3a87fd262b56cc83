import type { Clock } from '@regapi/calendar';
import type { Database } from '@regapi/db';
import type { Logger } from '@regapi/telemetry';
import type { Kysely } from 'kysely';
import {
  listUnsentMail,
  type MailSender,
  type SmtpSettings,
  smtpTransport,
  startMailLoop,
  startMailSender,
} from '../auth';

/**
 * The console's mail (docs/decisions/0082). With SMTP: the sender loop sends `console_mail` and marks each row sent.
 * Without: nothing is sent and nothing is marked sent; each waiting message is written once to this process's log
 * (the standalone system's operator reads the link there), and `pnpm ops mail list` shows them all.
 */
export function startMailDelivery(options: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly smtp: SmtpSettings | undefined;
  readonly intervalMs?: number;
}): MailSender {
  const { db, logger } = options;
  if (options.smtp !== undefined) {
    const transport = smtpTransport(options.smtp);
    const sender = startMailSender({
      db,
      now: () => options.clock.now(),
      transport,
      ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
      onError: (error) => logger.error({ err: error }, 'console mail sender failed'),
    });
    return {
      flush: sender.flush,
      stop: async () => {
        await sender.stop();
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
  return startMailLoop(logPass, options.intervalMs ?? 5_000, (error: unknown) =>
    logger.error({ err: error }, 'console mail listing failed'),
  );
}
