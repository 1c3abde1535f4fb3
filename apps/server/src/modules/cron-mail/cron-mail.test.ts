import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCampaigns, emailRecipients, jobs } from '../../db/schema';
import { createMailer } from '../../integrations/mailer';
import { INTERRUPTED } from '../../jobs/scheduler';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

let t: TestApp;
let smtp: MailServer;
let staff: string;
let clock = 1_760_000_000;
let mailboxFull = true;
let senderRefusal: { code: number; reason: string } | null = null;
beforeAll(async () => {
  smtp = await startMailServer({
    refuse: (a) => (a.startsWith('inconnu') ? '5.1.1 Mailbox unknown' : a.startsWith('plein') && mailboxFull ? { code: 452, reason: '4.2.2 Mailbox full' } : null),
    refuseSender: () => senderRefusal,
  });
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  staff = (await t.signIn({ emails: 1 })).cookie;
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en'], lang_default: 'fr' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const translations = [
  { lang: 'fr', title: 'Soirée moules-frites, #prenom !', content: '<p>Bonjour #prenom #nom. Votre code : #code.</p><p><a href="#lien">Ouvrir l’application</a></p>' },
  { lang: 'en', title: 'Mussels night, #prenom!', content: '<p>Hello #prenom #nom. Your code: #code.</p>' },
];
const people = [
  { client_number: '101', email: 'marie@example.org', firstname: 'Marie', lastname: 'Durand', code: 'AAA1', lang: 'fr' },
  { client_number: '102', email: 'tom@example.org', firstname: 'Tom', lastname: 'Smith', code: 'BBB2', lang: 'en' },
  { client_number: '103', email: 'Marie@Example.org', firstname: 'Marie', lastname: 'Durand', code: 'AAA1', lang: 'fr' },
  { client_number: '104', email: 'hans@example.org', firstname: 'Hans', lastname: 'Müller', code: null, lang: 'de' },
];
const plan = (body: object) => t.post('dashboard/cron_mail/insert', { timestamp: clock + 120, translations, email_list: people, ...body }, staff);
const receivedBy = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

describe('dashboard/cron_mail', () => {
  it('plans a campaign for later, sends nothing before its time, then each address once in its language', async () => {
    const res = await plan({});
    expect(res.statusCode).toBe(200);
    const campaign = res.json();
    expect(campaign).toMatchObject({ sent: false, status: 'scheduled', total: 3, sent_count: 0, timestamp: clock + 120 });
    expect(campaign.email_list.map((r: { email: string }) => r.email)).toEqual(['marie@example.org', 'tom@example.org', 'hans@example.org']);

    clock += 119;
    expect(await t.deps.jobs.runDue()).toBe(0);
    expect(smtp.mails).toHaveLength(0);
    clock += 1;
    await t.deps.jobs.runDue();
    await smtp.waitFor(3);

    const [marie] = receivedBy('marie@example.org');
    expect(marie.subject).toBe('Soirée moules-frites, Marie !');
    expect(marie.text).toContain('Bonjour Marie Durand. Votre code : AAA1.');
    expect(marie.html).toMatch(/href="http:\/\/localhost:3001\/[^"]*\?code=AAA1"/);
    const [tom] = receivedBy('tom@example.org');
    expect(tom.subject).toBe('Mussels night, Tom!');
    expect(tom.text).toContain('Hello Tom Smith. Your code: BBB2.');
    // German is not written: English, which the establishment offers (issue 20)
    const [hans] = receivedBy('hans@example.org');
    expect(hans.subject).toBe('Mussels night, Hans!');
    expect(hans.text).toContain('Hello Hans Müller. Your code:.');

    const list = (await t.get('dashboard/cron_mail/list', staff)).json();
    expect(list[0]).toMatchObject({ _id: campaign._id, status: 'sent', sent: clock, sent_count: 3, failed_count: 0 });
    expect(list[0].sent_list).toEqual(['marie@example.org', 'tom@example.org', 'hans@example.org']);
    expect(await t.deps.jobs.runDue()).toBe(0);
    expect(smtp.mails).toHaveLength(3);
  });

  it('refuses a date in the past, no address or a template without the default language, and writes nothing', async () => {
    const count = async () => [(await t.deps.db.select().from(emailCampaigns)).length, (await t.deps.db.select().from(jobs)).length];
    const before = await count();
    const past = await plan({ timestamp: clock - 3600 });
    expect([past.statusCode, past.json().message]).toEqual([400, "La date d'envoi doit être dans le futur"]);
    // a date no screen can show (the year 3 170 000) is refused, as is one beyond two years
    for (const timestamp of [99_999_999_999_999, clock + 731 * 86400]) {
      const far = await plan({ timestamp });
      expect([far.statusCode, far.json().message]).toEqual([400, "La date d'envoi ne peut pas dépasser deux ans"]);
    }
    const none = await plan({ email_list: [] });
    expect([none.statusCode, none.json().message]).toEqual([400, 'Aucune adresse e-mail parmi les destinataires choisis']);
    const english = await plan({ translations: [translations[1]] });
    expect([english.statusCode, english.json().message]).toEqual([400, 'Vous devez indiquer le titre (version FR)']);
    const bad = await plan({ email_list: [{ email: 'pas-une-adresse' }] });
    expect([bad.statusCode, bad.json().fields['email_list.0.email']]).toEqual([400, 'Adresse e-mail du destinataire invalide']);
    expect(await count()).toEqual(before);
    const within = await plan({ timestamp: clock + 729 * 86400 });
    expect(within.statusCode).toBe(200);
    await t.post('dashboard/cron_mail/cancel', { id: within.json()._id }, staff);
  });

  it('marks an address the SMTP server refuses as failed with its reason, sends the others, and does not retry it', async () => {
    const before = smtp.mails.length;
    const res = await plan({ timestamp: clock, email_list: [{ email: 'inconnu@example.org' }, { email: 'lea@example.org', firstname: 'Léa' }] });
    await t.deps.jobs.runDue();
    await smtp.waitFor(before + 1);
    const campaign = (await t.get(`dashboard/cron_mail/find?id=${res.json()._id}`, staff)).json();
    expect(campaign).toMatchObject({ status: 'sent', sent_count: 1, failed_count: 1 });
    expect(campaign.email_list[0]).toMatchObject({ email: 'inconnu@example.org', status: 'failed', error: "Le serveur d'e-mail a refusé l'envoi : 550 5.1.1 Mailbox unknown" });
    clock += 86400;
    expect(await t.deps.jobs.runDue()).toBe(0);
    expect(smtp.mails).toHaveLength(before + 1);
  });

  it('retries a batch while the SMTP server is unreachable, says why and when on the campaign, then marks its addresses failed after the last try', async () => {
    const closed = await startMailServer();
    const url = closed.url;
    await closed.close();
    const down = await testApp({ mailer: createMailer({ smtpUrl: url, dataDir: '.tmp', from: 'x@y.fr' }), now: () => clock });
    const reason = `Le serveur d'e-mail ne répond pas (connect ECONNREFUSED 127.0.0.1:${new URL(url).port})`;
    try {
      const cookie = (await down.signIn({ emails: 1 })).cookie;
      const id = (await down.post('dashboard/cron_mail/insert', { timestamp: clock, translations, email_list: [{ email: 'a@example.org' }] }, cookie)).json()._id;
      for (let attempt = 1; attempt <= 6; attempt++) {
        expect(await down.deps.jobs.runDue()).toBe(1);
        const [job] = await down.deps.db.select().from(jobs).where(eq(jobs.kind, 'emails.batch'));
        expect(job.lastError).toBe(reason);
        expect(job.status).toBe(attempt < 6 ? 'queued' : 'failed');
        // staff see why it waits and when it tries again
        const listed = (await down.get('dashboard/cron_mail/list', cookie)).json()[0];
        expect(listed.retry).toEqual(attempt < 6 ? { at: job.runAt, error: reason } : null);
        clock = job.runAt;
      }
      const campaign = (await down.get(`dashboard/cron_mail/find?id=${id}`, cookie)).json();
      expect(campaign).toMatchObject({ status: 'sent', failed_count: 1, sent_count: 0, retry: null });
      expect(campaign.email_list[0].error).toBe(reason);
    } finally {
      await down.close();
    }
  });

  it('ends a campaign whose batch was interrupted on every try (the process died each time): its addresses fail, it does not wait for ever', async () => {
    const id = (await plan({ timestamp: clock, email_list: [{ email: 'crash1@example.org' }, { email: 'crash2@example.org' }] })).json()._id;
    const batch = (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'emails.batch'))).find((j) => (j.payload as { campaign: string }).campaign === id)!;
    // six claims whose process died: the lease ran out each time
    await t.deps.db.update(jobs).set({ status: 'running', attempts: 6, lockedBy: 'mort', lockedUntil: clock - 1 }).where(eq(jobs.id, batch.id));
    await t.deps.jobs.runDue();
    const campaign = (await t.get(`dashboard/cron_mail/find?id=${id}`, staff)).json();
    expect(campaign).toMatchObject({ status: 'sent', sent_count: 0, failed_count: 2, retry: null });
    expect(campaign.email_list.map((r: { error: string }) => r.error)).toEqual([INTERRUPTED, INTERRUPTED]);
    expect(receivedBy('crash1@example.org')).toHaveLength(0);
  });

  it('cancels a campaign planned for tomorrow: nothing is sent, and it says so', async () => {
    const before = smtp.mails.length;
    const id = (await plan({ timestamp: clock + 86400 })).json()._id;
    const res = await t.post('dashboard/cron_mail/cancel', { id }, staff);
    expect(res.json()).toMatchObject({ _id: id, status: 'cancelled', cancelled_time: clock, sent: false });
    expect(res.json().email_list.every((r: { status: string }) => r.status === 'cancelled')).toBe(true);
    const again = await t.post('dashboard/cron_mail/cancel', { id }, staff);
    expect([again.statusCode, again.json().message]).toEqual([400, 'Cette campagne est déjà annulée.']);
    clock += 2 * 86400;
    expect(await t.deps.jobs.runDue()).toBe(0);
    expect(smtp.mails).toHaveLength(before);
    expect((await t.post('dashboard/cron_mail/cancel', { id: 'inconnu' }, staff)).json()).toBe(false);
    const sent = (await t.get('dashboard/cron_mail/list', staff)).json().find((c: { status: string }) => c.status === 'sent');
    const late = await t.post('dashboard/cron_mail/cancel', { id: sent._id }, staff);
    expect([late.statusCode, late.json().message]).toEqual([400, 'Cette campagne est déjà envoyée : elle ne peut plus être annulée.']);
  });

  it('sends a campaign of several batches, each address once, and lists only the first 10 addresses', async () => {
    const before = smtp.mails.length;
    const list = Array.from({ length: 150 }, (_, i) => ({ email: `guest${i}@example.org`, firstname: `G${i}` }));
    const id = (await plan({ timestamp: clock, email_list: list })).json()._id;
    expect(await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'emails.batch'))).toSatisfy((rows: { payload: unknown }[]) =>
      rows.filter((r) => (r.payload as { campaign: string }).campaign === id).length === 2,
    );
    await t.deps.jobs.runDue();
    await smtp.waitFor(before + 150);
    const to = smtp.mails.slice(before).flatMap((m) => m.to);
    expect(to).toHaveLength(150);
    expect(new Set(to).size).toBe(150);
    const listed = (await t.get('dashboard/cron_mail/list', staff)).json().find((c: { _id: string }) => c._id === id);
    expect(listed).toMatchObject({ total: 150, sent_count: 150, status: 'sent' });
    expect(listed.email_list).toHaveLength(10);
    const recipients = await t.deps.db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, id));
    expect(recipients.every((r) => r.status === 'sent' && r.sentTime === clock)).toBe(true);
  });

  it("leaves from MAIL_FROM's address whatever the establishment's name; a passing refusal leaves addresses to send later", async () => {
    const name = 'Camping "Les Pins" <direction@evil.example>, x@';
    await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: name, langs: ['fr', 'en'], lang_default: 'fr' });
    try {
      const before = smtp.mails.length;
      const id = (await plan({ timestamp: clock, email_list: [{ email: 'plein@example.org' }, { email: 'zoe@example.org' }] })).json()._id;
      // the server refuses our sender for a while (its configuration), then one mailbox is full ("try later")
      senderRefusal = { code: 553, reason: '5.7.1 Sender address rejected' };
      await t.deps.jobs.runDue();
      senderRefusal = null;
      let campaign = (await t.get(`dashboard/cron_mail/find?id=${id}`, staff)).json();
      expect(campaign.email_list.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
      expect(campaign.retry.error).toBe("Le serveur d'e-mail a refusé l'envoi : 553 5.7.1 Sender address rejected");
      clock = campaign.retry.at;
      await t.deps.jobs.runDue();
      campaign = (await t.get(`dashboard/cron_mail/find?id=${id}`, staff)).json();
      expect(campaign.email_list.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);
      expect(campaign.retry.error).toBe("Le serveur d'e-mail refuse l'envoi pour le moment : 452 4.2.2 Mailbox full");
      mailboxFull = false;
      clock = campaign.retry.at;
      await t.deps.jobs.runDue();
      await smtp.waitFor(before + 2);
      campaign = (await t.get(`dashboard/cron_mail/find?id=${id}`, staff)).json();
      expect(campaign).toMatchObject({ status: 'sent', sent_count: 2, failed_count: 0 });
      for (const mail of smtp.mails.slice(before)) {
        expect(mail).toMatchObject({ envelopeFrom: 'camping@example.test', from: 'camping@example.test', fromName: name });
      }
    } finally {
      await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en'], lang_default: 'fr' });
    }
  });
});
