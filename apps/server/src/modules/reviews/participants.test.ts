import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { epochToZoned, reviews as calls, zonedTimeToEpoch, type GuestReviewForm, type ReviewModel, type SubmittedReview } from '@campsite/shared';
import { readRows } from '../../db/rows';
import { reviewInvitations, reviews } from '../../db/schema';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { keepOnlyRecurring } from '../../testing/scans';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { modelBody } from '../../testing/fixtures/reviews';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

/**
 * The stay's participants (stays.participants, from room lists) are invited too (issue 24: 'each guest of
 * the stay is invited once'): once per address, after the client's accounts and the client file, in the
 * client's language, greeted by their own first name; their review is shown under their name.
 */
const TZ = 'Europe/Paris';
const at = (month: number, day: number, hour = 0) => zonedTimeToEpoch(2025, month, day, hour, 0, TZ);
const when = (epoch: number) => {
  const p = epochToZoned(epoch, TZ);
  return `${p.month}/${p.day} ${p.hour}h`;
};

let t: TestApp;
let smtp: MailServer;
let clock = at(6, 1);
const received: string[] = [];
beforeAll(async () => {
  smtp = await startMailServer({ onMessage: (to) => void received.push(...to.map((a) => `${a} ${when(clock)}`)) });
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de'], lang_default: 'fr' });
  const staff = (await t.signIn({ reviews: 1 })).cookie;
  // sent at the end of stays, at the departure itself
  (await t.call(calls.insertModel, modelBody({ notification_time: 0 }, ['fr', 'en', 'de']), staff)).answer() as ReviewModel;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

describe('the participants of a stay are invited to the end-of-stay questionnaire', () => {
  let clientNumber: string;

  it('once per address, after the accounts and the client file, in the client’s language, by their first name; never twice over scans on two instances', async () => {
    // a German family: the client's file, their guest account (another address), and the room list's participants
    const client = await addClient(t.deps, { firstname: 'Claire', lastname: 'Martin', email1: 'claire@example.org', langage: 'de' });
    clientNumber = client.clientNumber;
    await addStay(t.deps, {
      client_number: clientNumber,
      arrival: at(6, 3),
      departure: at(6, 10),
      participants: [
        // the account's address in another case (and spaces): the account is invited, not the participant
        { lastname: 'Martin', firstname: 'Léo', email: ' CLAIRE.App@Example.org ' },
        // the client file's address: the client file's invitation is theirs
        { lastname: 'Martin', firstname: 'Claire', email: 'Claire@example.org' },
        // two sharing one address: one invitation, the first one's name
        { lastname: 'Durand', firstname: 'Inès', email: 'famille.durand@example.org' },
        { lastname: 'Durand', firstname: 'Paul', email: ' Famille.Durand@EXAMPLE.org' },
        // no address, or not one: nothing
        { lastname: 'Martin', firstname: 'Zoé', email: '' },
        { lastname: 'Martin', firstname: 'Noé', email: 'pas-une-adresse' },
      ],
    });
    await addGuest(t.deps, { email: 'claire.app@example.org', firstname: 'Claire', lastname: 'Martin', clientNumber, langage: 'de' });
    // a Spanish client (not a language of the questionnaire): the participant's mail in English
    const other = await addClient(t.deps, { firstname: 'Lucía', lastname: 'Ruiz', email1: null, langage: 'es' });
    await addStay(t.deps, { client_number: other.clientNumber, arrival: at(6, 3), departure: at(6, 10), participants: [{ lastname: 'Ruiz', firstname: 'Marco', email: 'marco@example.org' }] });

    const twin = await t.twin();
    try {
      await Promise.all([t.deps.jobs.ensureRecurring(), twin.deps.jobs.ensureRecurring()]);
      await keepOnlyRecurring(t.deps.db, 'reviews.scan');
      const hours = async (until: number) => {
        while (clock < until) {
          clock += 3600;
          await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
          await Promise.all([t.deps.jobs.runDue(), twin.deps.jobs.runDue()]);
        }
      };
      // due 10 June at noon (the departure day at noon, no delay)
      clock = at(6, 10, 8);
      await hours(at(6, 10, 16));
      expect(received.sort()).toEqual(['claire.app@example.org 6/10 12h', 'claire@example.org 6/10 12h', 'famille.durand@example.org 6/10 12h', 'marco@example.org 6/10 12h']);

      const rows = await t.deps.db.select().from(reviewInvitations);
      expect(rows.map((r) => `${r.guest.replace(/^[0-9a-f]{24}$/, 'account')} ${r.email} ${r.lang} ${r.firstname ?? '-'} ${r.lastname ?? '-'} ${r.channel}`).sort()).toEqual([
        'account claire.app@example.org de - - email',
        `client:${clientNumber} claire@example.org de - - email`,
        'participant:famille.durand@example.org famille.durand@example.org de Inès Durand email',
        'participant:marco@example.org marco@example.org es Marco Ruiz email',
      ]);

      // the participant's own first name, in the client's language (else English), with the signed link
      const [durand] = mailTo('famille.durand@example.org');
      expect(durand.subject).toBe('Ihre Meinung ist uns wichtig');
      expect(durand.text).toContain('Hallo Inès,');
      expect(durand.text).not.toContain('Claire');
      expect(durand.html).toMatch(/href="http:\/\/localhost:3001\/rezensionen\?t=[0-9a-f]{24}\.[\w-]{32}"/);
      const [marco] = mailTo('marco@example.org');
      expect(marco.subject).toBe('We value your feedback');
      expect(marco.text).toContain('Hello Marco,');
      expect(mailTo('claire@example.org')[0].text).toContain('Hallo Claire,');

      // the participants sign up since: later scans (both instances, within the catch-up days) invite
      // nobody again, under their account's key nor another participant's
      await addGuest(t.deps, { email: 'Famille.Durand@example.org', firstname: 'Inès', lastname: 'Durand', clientNumber, langage: 'fr' });
      await addGuest(t.deps, { email: 'leo.martin@example.org', firstname: 'Léo', lastname: 'Martin', clientNumber, langage: 'fr' });
      await hours(at(6, 12, 12));
      expect(received).toHaveLength(5);
      expect(received.filter((r) => r.startsWith('leo.martin@'))).toEqual(['leo.martin@example.org 6/10 17h']);
      expect(received.filter((r) => r.startsWith('famille.durand@'))).toHaveLength(1);
      expect(await t.deps.db.select().from(reviewInvitations)).toHaveLength(5);
    } finally {
      await twin.close();
    }
  }, 120_000);

  it('a participant answers through the link: the questionnaire greets them, the reviews page, the CSV and the alert name them', async () => {
    const [mail] = mailTo('famille.durand@example.org');
    const token = decodeURIComponent(/\?t=([^"&\s]+)/.exec(mail.html)![1]);
    expect((await t.call(calls.form, { token })).answer() as GuestReviewForm).toMatchObject({ firstname: 'Inès' });
    const staff = (await t.signIn({ reviews: 1 })).cookie;
    await t.call(calls.updateSettings, { public_link: '', public_link_label: '', alert_threshold: 2, alert_emails: ['accueil@camping.test'] }, staff);
    const answer = (await t.call(calls.submitByToken, { token, answers: [2, 'Douches froides', 1], lang: 'de' })).answer() as SubmittedReview;
    expect(answer).toMatchObject({ score: 2 });

    const page = (await t.call(calls.findByType, { type: 'global', page: 0 }, staff)).answer();
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      user: null,
      client: { client_number: clientNumber, firstname: 'Inès', lastname: 'Durand', email1: 'famille.durand@example.org', email2: null },
      stay_number: expect.any(String),
    });
    const { url } = (await t.call(calls.extract, { review_id_list: [answer._id] }, staff)).answer();
    expect((await t.get(url.replace('/api/', ''), staff)).rawPayload.toString('utf8')).toContain(`;Durand;Inès;famille.durand@example.org;${clientNumber};`);

    const before = smtp.mails.length;
    await t.deps.jobs.runDue();
    const [alert] = smtp.mails.slice(before);
    expect(alert.text).toContain('Inès Durand');
    expect(alert.replyTo).toContain('famille.durand@example.org');
  });

  it('erasing the client leaves nothing of the participants in invitations or reviews; the review stays for the statistics', async () => {
    const admin = await t.signIn({ users: 1 });
    expect((await t.post('dashboard/clients/delete', { client_number: clientNumber }, admin.cookie)).json()).toBe(true);
    const needles = ['durand', 'inès', 'léo', 'claire', 'famille', clientNumber.toLowerCase()].map((n) => `%${n}%`);
    for (const table of ['review_invitations', 'reviews']) {
      const [{ n }] = await readRows<{ n: number }>(t.deps.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} x WHERE lower(x::text) LIKE ANY(${sql.param(needles)}::text[])`);
      expect(`${table}: ${n}`).toBe(`${table}: 0`);
    }
    const [row] = await t.deps.db.select().from(reviews);
    expect(row).toMatchObject({ score: 2, participantEmail: null, participantFirstname: null, participantLastname: null, clientNumber: null, answers: [2, null, 1] });
    // Marco's (another client) stays
    expect((await t.deps.db.select().from(reviewInvitations)).map((r) => r.guest)).toEqual(['participant:marco@example.org']);
  });
});
