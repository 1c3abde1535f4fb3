import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

/**
 * A variable in a link: the URL it makes passes the scheme check a written one passes (http, https,
 * mailto, tel), so a name, a code or a test link cannot make a javascript: link.
 */
let t: TestApp;
let smtp: MailServer;
let staff: string;
const clock = 1_760_000_000;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  staff = (await t.signIn({ emails: 1 })).cookie;
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr'], lang_default: 'fr' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const content =
  '<p><a href="#lien">Ouvrir</a> · <a href="#nom">Nom</a> · <a href="java#prenom">Prénom</a> · <a href="#destinataire">Écrire</a> · <a href="https://camping.example/#code">Plan</a></p>';
const hostile = { firstname: 'script:alert(1)', lastname: 'javascript:alert(document.cookie)', code: 'X"><b>' };
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

function expectSafe(html: string) {
  // an address with a scheme has one of these; one without is a path or an anchor
  // eslint-disable-next-line no-control-regex -- browsers ignore control characters in a scheme
  for (const href of hrefs(html)) expect(/^([^/?#:]*):/.exec(href.replace(/[\s\0-\x1f]+/g, ''))?.[1] ?? 'none').toMatch(/^(https?|mailto|tel|none)$/);
  expect(html.toLowerCase()).not.toMatch(/href="\s*(java|vb)script/);
}

describe('variables inside links', () => {
  it('a campaign to a client whose names are URLs of another scheme: no javascript: link reaches the mailbox', async () => {
    const before = smtp.mails.length;
    const res = await t.post(
      'dashboard/cron_mail/insert',
      { timestamp: clock, translations: [{ lang: 'fr', title: 'Bonjour', content }], email_list: [{ email: 'jo@example.org', ...hostile, lang: 'fr' }] },
      staff,
    );
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.runDue();
    await smtp.waitFor(before + 1);
    const mail = smtp.mails[before];
    expectSafe(mail.html);
    // the links whose URL is allowed stay links; the others are their text only
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([expect.stringMatching(/^http:\/\/localhost:3001\/.*\?code=X%22%3E%3Cb%3E$/), 'https://camping.example/X&quot;&gt;&lt;b&gt;']));
    expect(mail.html).toContain('>Nom</a>');
    expect(mail.text).not.toMatch(/javascript:/i);
  });

  it('a test mail whose link is javascript: (the form field) sends the link as text, not as a link', async () => {
    const template = (await t.post('dashboard/emails/insert', { name: 'Liens', translations: [{ lang: 'fr', title: 'Liens', content }] }, staff)).json();
    const before = smtp.mails.length;
    for (const lien of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
      const res = await t.post('dashboard/emails/test', { id: template._id, lang: 'fr', destinataire: 'test@example.org', lien, nom: 'mailto:jo@example.org' }, staff);
      expect(res.statusCode).toBe(200);
    }
    await smtp.waitFor(before + 5);
    for (const mail of smtp.mails.slice(before)) {
      expectSafe(mail.html);
      // a written-out address is a link of an allowed scheme: it stays
      expect(mail.html).toContain('href="mailto:jo@example.org"');
    }
  });

  it('the preview shows the same links', async () => {
    const res = await t.post('dashboard/emails/preview', { translations: [{ lang: 'fr', title: 'x', content }], recipient: { email: 'a@example.org', ...hostile } }, staff);
    expect(res.statusCode).toBe(200);
    expectSafe(res.json().html);
  });

  it('#lien written in the text becomes a link to its address (never a link inside a link)', async () => {
    const res = await t.post(
      'dashboard/emails/preview',
      {
        translations: [{ lang: 'fr', title: 'x', content: '<p>Inscrivez-vous sur #lien avec le code #code.</p><p>Ou <a href="#lien">#lien</a>.</p>' }],
        recipient: { email: 'a@example.org', code: 'AB12' },
      },
      staff,
    );
    const { html, text } = res.json();
    const url = 'http://localhost:3001/membres?code=AB12';
    const u = url.replace(/[?.]/g, '\\$&');
    expect(html).toMatch(new RegExp(`Inscrivez-vous sur <a [^>]*href="${u}"[^>]*>${u}</a> avec le code AB12`));
    const content = html.slice(html.indexOf('Inscrivez'), html.indexOf('</td>', html.indexOf('Inscrivez')));
    expect(content.match(/<a\b/g)).toHaveLength(2);
    expect(text).toContain(`Inscrivez-vous sur ${url} avec le code AB12.`);
  });

  it("a link alone in its paragraph (the built-in call to action) is a button in the theme's colour", async () => {
    const res = await t.post(
      'dashboard/emails/preview',
      { translations: [{ lang: 'fr', title: 'x', content: '<p>Bonjour</p><p><a href="#lien">Ouvrir l’application</a></p><p>Voir <a href="https://camping.example/">le plan</a>.</p>' }], recipient: { email: 'a@example.org' } },
      staff,
    );
    const { html } = res.json();
    expect(html).toMatch(/<a href="http:\/\/localhost:3001\/" style="display:inline-block;[^"]*background:#[0-9a-f]{6};[^"]*">Ouvrir l’application<\/a>/);
    // a link within a sentence stays a link
    expect(html).toMatch(/Voir <a style="color:#[0-9a-f]{6};text-decoration:underline" href="https:\/\/camping.example\/">le plan<\/a>/);
  });
});
