import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailContacts } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer, type ReceivedMail } from '../../testing/mail-server';
import { addClient } from '../../testing/fixtures/people';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { sendTemplate } from '../../platform/mail/send';

/**
 * Campaigns carry an unsubscribe link and a List-Unsubscribe header (one-click, RFC 8058); a guest who
 * unsubscribed gets no campaign, while the mails of their account and stay still go (issue 20).
 */
let t: TestApp;
let smtp: MailServer;
let staff: string;
const clock = 1_760_000_000;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  staff = (await t.signIn({ emails: 1 })).cookie;
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de'], lang_default: 'fr' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const translations = [
  { lang: 'fr', title: 'Soirée moules-frites', content: '<p>Bonjour #prenom, soirée ce soir !</p>' },
  { lang: 'de', title: 'Muschelabend', content: '<p>Hallo #prenom, heute Abend!</p>' },
];
async function campaign(emails: { email: string; firstname?: string; lang?: string }[]): Promise<ReceivedMail[]> {
  const before = smtp.mails.length;
  const res = await t.post('dashboard/cron_mail/insert', { timestamp: clock, translations, email_list: emails }, staff);
  expect(res.statusCode).toBe(200);
  await t.deps.jobs.runDue();
  await new Promise((r) => setTimeout(r, 150));
  return smtp.mails.slice(before);
}
const linkOf = (mail: ReceivedMail) => /<(http:\/\/localhost:3001\/api\/webapp\/account\/unsubscribe\?[^>]+)>/.exec(mail.headers['list-unsubscribe'])![1];
const path = (url: string) => url.replace('http://localhost:3001', '');

describe('unsubscribing from campaigns', () => {
  it('a campaign mail has the link in its footer and a one-click List-Unsubscribe header, in the guest’s language', async () => {
    const [mail] = await campaign([{ email: 'hans@example.org', firstname: 'Hans', lang: 'de' }]);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = linkOf(mail);
    expect(link).toMatch(/\?token=[\w-]{40,}&lang=de$/);
    expect(link).not.toContain('hans');
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}" style="color:#57606a">Von diesen E-Mails abmelden</a>`);
    expect(mail.text).toContain(`Von diesen E-Mails abmelden\n${link}`);
  });

  it('opening the link changes nothing; its button unsubscribes; the next campaign skips the address, others still get it', async () => {
    const [first] = await campaign([{ email: 'Lea@example.org', firstname: 'Léa' }]);
    const link = path(linkOf(first));
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.replace(/&#39;/g, "'")).toContain("Ne plus recevoir les e-mails d'information de Camping des Pins à l'adresse lea@example.org ?");
    expect(page.body).toMatch(/<form method="post" action="\/api\/webapp\/account\/unsubscribe\?token=[\w-]+&amp;lang=fr">/);
    const [contact] = await t.deps.db.select().from(emailContacts).where(eq(emailContacts.email, 'lea@example.org'));
    expect(contact.unsubscribedTime).toBeNull();

    // the page's button: a form POST
    const done = await t.app.inject({ method: 'POST', url: link, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.statusCode).toBe(200);
    expect(done.body.replace(/&#39;/g, "'")).toContain("C'est fait : lea@example.org ne recevra plus les e-mails d'information de Camping des Pins.");
    const next = await campaign([{ email: 'lea@example.org', firstname: 'Léa' }, { email: 'tom@example.org', firstname: 'Tom' }]);
    expect(next.flatMap((m) => m.to)).toEqual(['tom@example.org']);
    const listed = (await t.get('dashboard/cron_mail/list', staff)).json().find((c: { total: number }) => c.total === 2);
    expect(listed).toMatchObject({ status: 'sent', sent_count: 1, failed_count: 0 });
    const found = (await t.get(`dashboard/cron_mail/find?id=${listed._id}`, staff)).json();
    expect(found.email_list[0]).toMatchObject({ email: 'lea@example.org', status: 'cancelled', error: "Désabonné des e-mails d'information : cette campagne ne lui est pas envoyée." });
  });

  it("a mail client's one-click POST unsubscribes too; the mails of the guest's account and stay still go", async () => {
    const [mail] = await campaign([{ email: 'marc@example.org', firstname: 'Marc' }]);
    const res = await t.app.inject({ method: 'POST', url: path(linkOf(mail)), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect(await campaign([{ email: 'marc@example.org' }])).toEqual([]);
    // transactional: the pre-stay mail (a built-in template) and the activation mail
    const before = smtp.mails.length;
    await addClient(t.deps, { client_number: '4001', email1: 'marc@example.org', firstname: 'Marc' });
    await sendTemplate(t.deps, 'subscribe-email', { email: 'marc@example.org', firstname: 'Marc', lastname: '', code: 'AB12', lang: 'fr' }, {});
    await sendTemplate(t.deps, 'confirmation-email', { email: 'marc@example.org', firstname: 'Marc', lastname: '', code: null, lang: 'fr' }, { lien: 'http://localhost:3001/membres?activation=x' });
    await smtp.waitFor(before + 2);
    expect(smtp.mails.slice(before).every((m) => m.to.includes('marc@example.org') && !m.headers['list-unsubscribe'])).toBe(true);
  });

  it('an unknown token is a page saying so; nothing is written', async () => {
    const before = await t.deps.db.select().from(emailContacts);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/webapp/account/unsubscribe?token=inconnu&lang=en', ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('This unsubscribe link is not valid.');
    }
    expect(await t.deps.db.select().from(emailContacts)).toEqual(before);
  });
});
