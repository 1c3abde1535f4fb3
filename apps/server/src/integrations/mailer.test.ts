import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MailServer } from '../testing/mail-server';
import { createMailer, mailFailure } from './mailer';

/** The sender of every mail is MAIL_FROM's address; the establishment's name is only a display name. */
let smtp: MailServer;
let senderRefusal: { code: number; reason: string } | null = null;
beforeAll(async () => {
  smtp = await startMailServer({
    refuse: (a) => (a.startsWith('plus-tard') ? { code: 451, reason: '4.3.0 Try again later' } : a.startsWith('inconnu') ? '5.1.1 Mailbox unknown' : null),
    refuseSender: () => senderRefusal,
  });
});
afterAll(() => smtp.close());

const send = (from: string, to = 'guest@example.org') => smtp.mailer.send({ to, subject: 'Bonjour', html: '<p>Bonjour</p>', from });
const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return mailFailure(err).kind;
  }
  return 'sent';
};

describe('mailer: who a mail is from', () => {
  // names an establishment may well be given (or a staff member may type) that are not display names
  const names = [
    'pirate@evil.example',
    'Camping des Pins <direction@evil.example>',
    'Camping "Les Pins" <',
    'Camping, Les Pins; <>@',
    'Les Pins\r\nBcc: victim@example.org',
  ];
  for (const name of names) {
    it(`leaves from MAIL_FROM's address with ${JSON.stringify(name)} as a display name only`, async () => {
      const before = smtp.mails.length;
      await send(name);
      await smtp.waitFor(before + 1);
      const mail = smtp.mails.at(-1)!;
      expect(mail.envelopeFrom).toBe('camping@example.test');
      expect(mail.from).toBe('camping@example.test');
      expect(mail.to).toEqual(['guest@example.org']);
      // the name arrives as written, on one line
      expect(mail.fromName).toBe(name.replace(/[\r\n]+/g, ' '));
    });
  }

  it("an ordinary name is the display name; none is MAIL_FROM's own", async () => {
    await send('Camping des Pins');
    await smtp.waitFor(smtp.mails.length);
    expect(smtp.mails.at(-1)).toMatchObject({ from: 'camping@example.test', fromName: 'Camping des Pins' });
    await smtp.mailer.send({ to: 'guest@example.org', subject: 'x', html: '<p>x</p>' });
    await new Promise((r) => setTimeout(r, 50));
    expect(smtp.mails.at(-1)).toMatchObject({ from: 'camping@example.test', fromName: 'Camping' });
  });
});

describe('mailer: a failure is permanent only when the recipient is refused for good', () => {
  it('5xx for the recipient: refused; 4xx for the recipient: deferred', async () => {
    expect(await failureOf(send('Camping', 'inconnu@example.org'))).toBe('refused');
    expect(await failureOf(send('Camping', 'plus-tard@example.org'))).toBe('deferred');
  });

  it("a refusal of the sender (the server's or its configuration's fault) is never the recipient's: it passes", async () => {
    senderRefusal = { code: 553, reason: '5.7.1 Sender address rejected' };
    try {
      expect(await failureOf(send('Camping'))).not.toBe('refused');
    } finally {
      senderRefusal = null;
    }
  });

  it('a refused connection passes', async () => {
    const closed = await startMailServer();
    await closed.close();
    const mailer = createMailer({ smtpUrl: closed.url, dataDir: '.tmp', from: 'x@y.fr' });
    try {
      expect(await failureOf(mailer.send({ to: 'a@example.org', subject: 'x', html: 'x' }))).toBe('down');
    } finally {
      mailer.close?.();
    }
  });
});
