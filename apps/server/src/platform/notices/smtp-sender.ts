import nodemailer from 'nodemailer';
import type { NoticeText } from './notice-text.js';

/** A file attached to an e-mail, streamed from disk by nodemailer. */
export interface MailAttachment {
  filename: string;
  path: string;
}

export interface MailSender {
  send(to: string, text: NoticeText, attachments?: MailAttachment[]): Promise<void>;
  close(): void;
}

/**
 * E-mail over SMTP_URL (smtp:// or smtps://user:pass@host:port). Errors are rethrown with the
 * server's answer only: nodemailer's own messages never carry the password, but we keep them short.
 */
export function createMailSender(smtpUrl: string, from: string | undefined, timeoutMs: number): MailSender {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const user = new URL(smtpUrl).username;
  const sender = from || (user.includes('@') ? decodeURIComponent(user) : 'fleet@localhost');
  return {
    async send(to, text, attachments) {
      try {
        await transport.sendMail({
          from: sender,
          to,
          subject: text.subject,
          text: text.lines.join('\n'),
          ...(attachments?.length ? { attachments } : {}),
        });
      } catch (error) {
        throw new Error(`SMTP: ${(error as Error).message}`.slice(0, 500));
      }
    },
    close() {
      transport.close();
    },
  };
}
