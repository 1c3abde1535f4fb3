import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_DEFAULTS, LANGS } from '@campsite/shared';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { MAIL_CATALOG, catalogTranslations, type CatalogKey } from './catalog';
import { sendTemplate } from './send';

let t: TestApp;
let smtp: MailServer;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const KEYS = Object.keys(MAIL_CATALOG) as CatalogKey[];
/** Every slot a mail's words name, in any language. */
const slotsOf = (key: CatalogKey) =>
  new Set(Object.values(MAIL_CATALOG[key].texts).flatMap((w) => [...`${w.subject} ${w.body}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
const HOSTILE = '<b>Jo</b> #nom';
const to = (email: string) => ({ email, firstname: HOSTILE, lastname: 'Martin', code: null, lang: 'de' });

describe('the mail catalog', () => {
  it('writes every guest mail in the seven languages, and every mail in one shape', () => {
    for (const key of KEYS) {
      const langs = Object.keys(MAIL_CATALOG[key].texts);
      expect([key, langs.length === LANGS.length || langs.join() === 'fr']).toEqual([key, true]);
      for (const words of Object.values(MAIL_CATALOG[key].texts)) expect(Object.keys(words).sort()).toEqual(['body', 'subject']);
    }
  });

  it('escapes a #prenom holding <b>, and every slot, in every mail: no tag and no variable of the guest reaches the HTML', async () => {
    const keys = [...KEYS, ...EMAIL_DEFAULTS];
    const before = smtp.mails.length;
    for (const [i, key] of keys.entries()) {
      const slots = Object.fromEntries([...(key in MAIL_CATALOG ? slotsOf(key as CatalogKey) : [])].map((s) => [s, `<i>${HOSTILE}</i> #prenom`]));
      await sendTemplate(t.deps, key, to(`m${i}@example.org`), {}, { slots });
    }
    await sendTemplate(t.deps, 'staff-notice', to('notice@example.org'), { time: 1.7e9, by: null, changes: ['password'] });
    await sendTemplate(t.deps, 'staff-report', to('report@example.org'), { subject: 'Semaine', paragraphs: [`Bonjour ${HOSTILE}`] });
    await smtp.waitFor(before + keys.length + 2);
    const slotted = new Set(keys.map((k, i) => (k in MAIL_CATALOG && slotsOf(k as CatalogKey).size ? `m${i}@example.org` : '')));
    for (const mail of smtp.mails.slice(before)) {
      expect([mail.to[0], mail.html]).not.toEqual([mail.to[0], expect.stringMatching(/<b>|<i>/)]);
      expect([mail.to[0], mail.html]).toEqual([mail.to[0], expect.stringMatching(/&lt;b&gt;Jo/)]);
      // a slot's '#prenom' stays text: it is not the recipient's first name
      if (slotted.has(mail.to[0])) expect(mail.html).toContain('&#35;prenom');
    }
  });

  it('leaves out an optional part whose slot is empty, and refuses a slot not given', () => {
    const [fr] = catalogTranslations('booking-email', { what: 'Yoga', when: 'lundi', where: '' }, ['fr']);
    expect(fr.content).toContain('<br>lundi</p>');
    expect(fr.content).not.toContain('Lieu');
    expect(fr.title).toBe('Votre réservation est confirmée : Yoga');
    expect(() => catalogTranslations('booking-email', { what: 'Yoga' })).toThrow(/no value for \{(when|where)\}/);
  });
});
