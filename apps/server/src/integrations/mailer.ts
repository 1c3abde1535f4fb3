import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { EMAILS } from '@campsite/shared';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  /** the plain-text part of a multipart/alternative mail */
  text?: string;
  /**
   * A display name only (the establishment's): the address is always MAIL_FROM's (SPF and DKIM are set up
   * for it). Whatever it holds ('@', '<…>', quotes, line breaks) it never becomes an address.
   */
  from?: string;
  replyTo?: string;
  bcc?: string;
  /** a campaign's unsubscribe link: sent as List-Unsubscribe with one-click POST (RFC 8058) */
  unsubscribe?: string;
  /**
   * images shown in the HTML as cid:<cid> (the logo), so that no client blocks them as remote images;
   * without cid, a file attached to the mail (a booking's .ics)
   */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** the address mails leave from (MAIL_FROM's); a test's stand-in may leave it out */
  readonly fromAddress?: string;
  close?(): void;
}

/** The address of 'Name <address>' or of a bare address. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * With SMTP_URL mail goes to that server (pooled connections: a campaign of thousands of mails does not
 * open one each); without it each mail is written as an .eml file in DATA_DIR/outbox, so that nothing is
 * lost on the embedded default.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  const fromAddress = addressOf(opts.from);
  const defaultName = displayName(/<[^>]+>/.test(opts.from) ? opts.from.replace(/<[^>]*>/, '') : '');
  // nodemailer quotes (or encodes) a name given apart from the address: it is never parsed as one
  const fromOf = (mail: Mail) => ({ name: displayName(mail.from ?? '') || defaultName, address: fromAddress });
  const message = ({ unsubscribe, ...mail }: Mail) => ({
    ...mail,
    from: fromOf(mail),
    ...(unsubscribe ? { list: { unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  });
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport({
      ...parseConnectionUrl(opts.smtpUrl),
      pool: true,
      getSocket: noDelaySocket,
      // one try per send: the scheduler retries with back-off (the pool would requeue for ever)
      maxRequeues: 0,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    } as SMTPPool.Options);
    return {
      fromAddress,
      send: async (mail) => void (await transport.sendMail(message(mail))),
      close: () => transport.close(),
    };
  }
  const dir = join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    fromAddress,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`), info.message as Buffer);
    },
  };
}

/** A name on one line, without the quotes MAIL_FROM's form may carry. */
function displayName(name: string) {
  return name
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/^\s*"(.*)"\s*$/, '$1')
    .trim()
    .slice(0, 200);
}

/**
 * A socket with Nagle's algorithm off: SMTP sends small commands and waits for each answer, and with
 * Nagle on every message waits for a delayed ACK (~40 ms), which caps a campaign at ~20 mails/s.
 * It is handed over while still connecting, so that a refused connection goes through nodemailer's own
 * error path (an error given to the callback would leak one of the pool's slots); nodemailer still does
 * the TLS upgrade (smtps:// or STARTTLS) on it.
 */
function noDelaySocket(options: { host?: string; port?: number }, callback: (err: Error | null, socket?: { connection: Socket }) => void) {
  const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? 587 });
  socket.setNoDelay(true);
  callback(null, { connection: socket });
}

/** The SMTP commands whose 5xx answer is about this mail (its recipient, its content), not the server. */
const ABOUT_THE_MAIL = new Set(['RCPT TO', 'DATA']);

/**
 * Why a send failed, as a French sentence staff can read (the server's own answer kept after it), and
 * whether trying again may help: a 5xx answer to the recipient or the content is a refusal for good
 * (unknown mailbox, rejected content); a 4xx answer ("try later"), a refused connection, a timeout, and
 * a 5xx to anything else (our sender, authentication, the greeting: the server's or its configuration's
 * fault, the same for every address) pass, so that a campaign's addresses stay to send once it is fixed.
 */
export function mailFailure(err: unknown): { kind: 'refused' | 'deferred' | 'down'; reason: string } {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string; command?: string };
  const answer = (e?.response ?? e?.message ?? String(e?.responseCode ?? err)).slice(0, 400);
  const code = typeof e?.responseCode === 'number' ? e.responseCode : 0;
  if (code >= 500 && code < 600 && ABOUT_THE_MAIL.has(String(e.command))) return { kind: 'refused', reason: EMAILS.smtpRefused(answer) };
  if (code >= 500 && code < 600) return { kind: 'deferred', reason: EMAILS.smtpRefused(answer) };
  if (code >= 400 && code < 500) return { kind: 'deferred', reason: EMAILS.smtpDeferred(answer) };
  return { kind: 'down', reason: EMAILS.smtpDown(e?.message || e?.code || String(err)) };
}
