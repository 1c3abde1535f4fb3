import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '../integrations/mailer';

export interface ReceivedMail {
  /** envelope recipients (a blind copy's address included) */
  to: string[];
  /** the To and Bcc headers as the recipient sees them (a blind copy leaves no Bcc header) */
  headerTo: string;
  headerBcc: string;
  from: string;
  /** the From header's display name */
  fromName: string;
  /** the envelope's sender (MAIL FROM) */
  envelopeFrom: string;
  replyTo: string;
  /** every header by its lower-case name, unfolded (the last one of a name) */
  headers: Record<string, string>;
  subject: string;
  html: string;
  text: string;
  /** `text`: the content of a text part (text/calendar…) */
  attachments: { filename?: string; contentType: string; cid?: string; text?: string }[];
}

export interface MailServer {
  port: number;
  url: string;
  /** a mailer sending to this server */
  mailer: Mailer;
  /** what the server accepted (answered 250), parsed */
  mails: ReceivedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? '')).join(', ');

/**
 * A real SMTP server on 127.0.0.1 for a test: each accepted message is parsed with mailparser.
 * `refuse(address)` answers a 550 with that reason for a recipient (or the code given, 451 "try later"); `onMessage` runs before the server
 * answers, and may hold the answer back (a test that kills the sender at that moment).
 */
export async function startMailServer(
  opts: {
    refuse?: (address: string) => string | { code: number; reason: string } | null;
    /** refuses the envelope's sender (MAIL FROM) with this code and reason */
    refuseSender?: () => { code: number; reason: string } | null;
    onMessage?: (to: string[]) => Promise<void> | void;
  } = {},
): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      const refusal = opts.refuseSender?.();
      if (!refusal) return callback();
      const err = new Error(refusal.reason) as Error & { responseCode: number };
      err.responseCode = refusal.code;
      callback(err);
    },
    onRcptTo(address, _session, callback) {
      const refusal = opts.refuse?.(address.address);
      if (refusal) {
        const { code, reason } = typeof refusal === 'string' ? { code: 550, reason: refusal } : refusal;
        const err = new Error(reason) as Error & { responseCode: number };
        err.responseCode = code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        try {
          await opts.onMessage?.(to);
          const parsed = await simpleParser(Buffer.concat(chunks), { keepCidLinks: true });
          mails.push({
            to,
            from: addresses(parsed.from),
            fromName: parsed.from?.value[0]?.name ?? '',
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            replyTo: addresses(parsed.replyTo),
            headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()])),
            headerTo: addresses(parsed.to),
            headerBcc: addresses(parsed.bcc),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, cid: a.cid, ...(a.contentType.startsWith('text/') ? { text: a.content.toString('utf8') } : {}) })),
          });
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  server.on('error', () => {});
  // without it each message waits ~40 ms for a delayed ACK (Nagle): the test would measure TCP, not us
  server.server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  const mailer = createMailer({ smtpUrl: url, dataDir: '.tmp', from: 'Camping <camping@example.test>' });
  return {
    port,
    url,
    mailer,
    mails,
    async waitFor(count, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > end) throw new Error(`${mails.length} mails received, ${count} expected`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        mailer.close?.();
        server.close(() => resolve());
      }),
  };
}
