import { createTransport } from 'nodemailer';
import type { MailTransport } from './mail-outbox';

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
