import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  from?: string;
  bcc?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL mail goes to that server; without it each mail is written as an .eml file in
 * DATA_DIR/outbox, so that nothing is lost on the embedded default.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: opts.from, ...mail })) };
  }
  const dir = join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      mkdirSync(dir, { recursive: true });
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`), info.message as Buffer);
    },
  };
}
