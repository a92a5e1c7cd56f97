import nodemailer from 'nodemailer';
import type { UpstreamConfig } from '../platform/config';
import type { Db } from '../db/database';
import { UpstreamError } from '../platform/http';
import { stamp, type Clock } from '../platform/time';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerDeps {
  config: Pick<UpstreamConfig, 'envType' | 'smtp'>;
  db: Db;
  now: Clock;
  log: (line: string) => void;
}

/**
 * SMTP when configured. Otherwise the outbox: a table the test environment reads back (and a log
 * line for a person at the console). The outbox is a sandbox, so production refuses it.
 */
export function createMailer({ config, db, now, log }: MailerDeps): Mailer {
  const smtp = config.smtp;
  if (smtp) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    });
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: smtp.from, ...message });
        } catch (error) {
          log(`[mail] SMTP delivery to ${message.to} failed: ${String(error)}`);
          throw new UpstreamError(502, '500', '邮件发送失败，请稍后重试');
        }
      },
    };
  }
  if (config.envType === 'production') {
    return {
      async send() {
        throw new UpstreamError(503, '503', '邮件服务未配置，暂不能使用邮箱登录');
      },
    };
  }
  return {
    async send(message) {
      await db
        .insertInto('outbox')
        .values({ to_address: message.to, subject: message.subject, body: message.text, created_at: stamp(now()) })
        .execute();
      const code = findLoginCode(message.text);
      log(`[mail] to=${message.to} ${code ? `code=${code}` : `subject=${message.subject}`}`);
    },
  };
}

/** The six-digit login code inside a mail text, if there is one. */
export function findLoginCode(text: string): string | undefined {
  return /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0];
}

/** Mails kept in the outbox, newest first; all of them when no address is given. */
export async function readOutbox(db: Db, to?: string) {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(100);
  if (to) query = query.where('to_address', '=', to);
  const rows = await query.execute();
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.body,
    code: findLoginCode(row.body) ?? null,
    created_at: row.created_at,
  }));
}
