import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer, type ReceivedMail } from '../../testing/mail-server';
import { addClient } from '../../testing/fixtures/people';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

/**
 * Guests in their own language (issue 20): the built-in mails are written in the seven languages of the
 * guest app; a mail a template lacks goes in English when the establishment offers it, else in the
 * default language. Through the sign-up and password calls and the real SMTP server.
 */
let t: TestApp;
let smtp: MailServer;
let clock = 1_760_000_000;
let code: string;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de', 'nl'], lang_default: 'fr' });
  code = (await addClient(t.deps, { client_number: '3001', lastname: 'Kowalski', firstname: 'Anna', langage: 'pl' })).activationCode;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
/** signs a guest up (a day apart: a code has at most 5 accounts awaiting activation a day) and answers their mail */
async function signUp(langage?: string): Promise<ReceivedMail> {
  clock += 86400;
  const email = `gast${++n}@example.org`;
  const res = await t.post('webapp/account/signup', { code, email, password: 'vacances-2025', firstname: 'Anna', lastname: 'Kowalski', ...(langage ? { langage } : {}) });
  expect(res.json()).toEqual({ ok: true });
  await t.deps.jobs.runDue();
  await smtp.waitFor(smtp.mails.filter((m) => !m.to.includes(email)).length + 1);
  return smtp.mails.find((m) => m.to.includes(email))!;
}

describe('built-in mails in the guest’s language', () => {
  it("a German guest's activation mail arrives in German, a Dutch guest's in Dutch", async () => {
    const de = await signUp('de');
    expect(de.subject).toBe('Aktivieren Sie Ihr Konto');
    expect(de.html).toContain('<html lang="de">');
    expect(de.text).toContain('Hallo Anna,');
    expect(de.text).toMatch(/Mein Konto aktivieren \(http:\/\/localhost:3001\/[^)]*\?activation=/);
    const nl = await signUp('nl');
    expect(nl.subject).toBe('Activeer uw account');
  });

  it('each of the seven languages has its own activation and password mail', async () => {
    const subjects = new Map<string, string[]>();
    for (const lang of ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt']) {
      const mail = await signUp(lang);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      const email = mail.to[0];
      const before = smtp.mails.length;
      expect((await t.post('webapp/account/password-request', { email })).json()).toBe(true);
      await t.deps.jobs.runDue();
      await smtp.waitFor(before + 1);
      const reset = smtp.mails[before];
      expect(reset.html).toContain(`<html lang="${lang}">`);
      expect(reset.text).toMatch(/\?reset=[\w-]+/);
      subjects.set(lang, [mail.subject, reset.subject]);
    }
    expect(new Set([...subjects.values()].map((s) => s[0])).size).toBe(7);
    expect(new Set([...subjects.values()].map((s) => s[1])).size).toBe(7);
    expect(subjects.get('it')).toEqual(['Attivazione del Suo account', 'Nuova password']);
  });

  it('a guest whose language no template has (the client file says Polish) gets English, which the establishment offers', async () => {
    const mail = await signUp();
    expect(mail.subject).toBe('Activate your account');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('without English on offer, the default language', async () => {
    await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'de'], lang_default: 'fr' });
    try {
      expect((await signUp()).subject).toBe('Activez votre compte');
    } finally {
      await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de', 'nl'], lang_default: 'fr' });
    }
  });

  it('a template an establishment rewrote in French and English only: a Dutch guest gets English', async () => {
    const [confirmation] = (await t.deps.db.select().from(emailTemplates)).filter((r) => r.defaultKey === 'confirmation-email');
    const staff = (await t.signIn({ emails: 1 })).cookie;
    const res = await t.post(
      'dashboard/emails/update',
      {
        id: confirmation.id,
        name: confirmation.name,
        translations: [
          { lang: 'fr', title: 'Bienvenue, #prenom', content: '<p><a href="#lien">Activer</a></p>' },
          { lang: 'en', title: 'Welcome, #prenom', content: '<p><a href="#lien">Activate</a></p>' },
        ],
      },
      staff,
    );
    expect(res.statusCode).toBe(200);
    expect((await signUp('nl')).subject).toBe('Welcome, Anna');
  });
});
