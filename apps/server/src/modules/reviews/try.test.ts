import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, REVIEWS, reviews as calls, type GuestReviewForm, type ReviewModel, type SubmittedReview } from '@campsite/shared';
import { reviewInvitations, reviews } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addGuest } from '../../testing/fixtures/people';
import { modelBody } from '../../testing/fixtures/reviews';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

// Issue 32: staff try a questionnaire through a test link (nothing recorded) and send it to one guest now.

let clock = Date.parse('2025-07-10T08:00:00Z') / 1000;
let t: TestApp;
let smtp: MailServer;
let staff: string;
let spring: ReviewModel;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de'], lang_default: 'fr' });
  staff = (await t.signIn({ reviews: 1 }, 'accueil')).cookie;
  await t.call(calls.insertModel, modelBody(), staff);
  // a second questionnaire, not sent at the end of stays: only by hand
  spring = (await t.call(calls.insertModel, modelBody({ name: 'Printemps', type: '' }), staff)).answer() as ReviewModel;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const recorded = async () => (await t.deps.db.select().from(reviews)).length;
const invitationRows = async () => (await t.deps.db.select().from(reviewInvitations)).length;
const tokenOf = (url: string) => decodeURIComponent(/\?t=([^"&\s]+)/.exec(url)![1]);

describe('trying and sending a questionnaire (issue 32)', () => {
  it('401 without a session, 403 without the reviews flag', async () => {
    const other = await t.signIn({ notifications: 1, users: 1 });
    for (const [path, body] of [
      ['dashboard/review_models/send', { id: spring._id, guest: 'x' }],
      ['dashboard/review_models/test-link', { id: spring._id, lang: 'fr' }],
    ] as const) {
      expect((await t.post(path, body)).statusCode).toBe(401);
      expect((await t.post(path, body, other.cookie)).statusCode).toBe(403);
    }
    expect((await t.get('dashboard/review_models/guests?q=an')).statusCode).toBe(401);
    expect((await t.get('dashboard/review_models/guests?q=an', other.cookie)).statusCode).toBe(403);
    expect(await invitationRows()).toBe(0);
  });

  it('a test link opens the questionnaire in the language chosen, even disabled; its answers are checked and never recorded', async () => {
    const link = (await t.call(calls.testLink, { id: spring._id, lang: 'de' }, staff)).answer() as { url: string; expires: number };
    expect(link.url).toMatch(/\/rezensionen\?t=[\w.%-]+&lang=de$/);
    expect(link.expires).toBe(clock + 86400);
    const token = tokenOf(link.url);
    const form = (await t.call(calls.form, { token })).answer() as GuestReviewForm;
    expect(form).toMatchObject({ model: spring._id, test: true, questions: spring.questions });
    expect400(await t.post('webapp/reviews/submit-by-token', { token, answers: [null, 'ok', 1] }), 'answers.0', REVIEWS.answerRequired);
    const res = (await t.call(calls.submitByToken, { token, answers: [5, 'Super', 0] })).answer() as SubmittedReview;
    expect(res).toMatchObject({ score: 5, test: true });
    // tried again: still open, and still nothing recorded, nothing mailed
    expect((await t.call(calls.submitByToken, { token, answers: [2, null, 1] })).answer()).toMatchObject({ score: 2, test: true });
    expect(await recorded()).toBe(0);
    await t.deps.jobs.runDue();
    expect(smtp.mails).toHaveLength(0);
    // a day later it has ended
    clock += 86400;
    expect((await t.call(calls.form, { token })).answer()).toEqual({ error: 'expired' });
    expect((await t.call(calls.testLink, { id: 'f'.repeat(24), lang: 'fr' }, staff)).answer()).toBe(false);
  });

  it("'Envoyer à un client' mails the invitation to that guest now, a disabled questionnaire too; the guest answers it and it is read with the others", async () => {
    const client = await addClient(t.deps, { firstname: 'Anna', lastname: 'Weber', email1: 'anna@example.de', langage: 'de' });
    const anna = await addGuest(t.deps, { email: 'anna@example.de', firstname: 'Anna', lastname: 'Weber', clientNumber: client.clientNumber, langage: 'de' });
    const found = (await t.call(calls.guests, { q: 'web' }, staff)).answer();
    expect(found.map((g) => g._id)).toEqual([anna]);
    const sent = (await t.call(calls.sendModel, { id: spring._id, guest: anna }, staff)).answer();
    expect(sent).toMatchObject({ email: 'anna@example.de' });
    await t.deps.jobs.runDue();
    const mail = smtp.mails.find((m) => m.to.includes('anna@example.de'))!;
    // the questionnaire is written in French and English: English for a German guest
    expect(mail.subject).toBe('We value your feedback');
    const token = tokenOf(mail.html);
    expect((await t.call(calls.form, { token })).answer()).toMatchObject({ model: spring._id, firstname: 'Anna' });
    expect((await t.call(calls.submitByToken, { token, answers: [4, 'Schön', 0], lang: 'de' })).answer()).toMatchObject({ score: 4 });
    expect(await recorded()).toBe(1);
    const page = (await t.call(calls.findByType, { model: spring._id }, staff)).answer();
    expect(page.rows.map((r) => r.answers)).toEqual([[4, 'Schön', 0]]);
  });

  it('counts the address as every mail to it: the sixth in an hour is a French 429 writing nothing; an unknown guest is a French 400', async () => {
    const anna = (await t.call(calls.guests, { q: 'anna' }, staff)).answer()[0];
    // one sent above: four more pass
    for (let i = 0; i < 4; i += 1) expect((await t.post('dashboard/review_models/send', { id: spring._id, guest: anna._id }, staff)).statusCode).toBe(200);
    const before = await invitationRows();
    const refused = await t.post('dashboard/review_models/send', { id: spring._id, guest: anna._id }, staff);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(new RegExp(`^${PEOPLE.tooManyClientMails('').replace(/\.$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(await invitationRows()).toBe(before);
    expect400(await t.post('dashboard/review_models/send', { id: spring._id, guest: 'f'.repeat(24) }, staff), 'guest', REVIEWS.guestGone);
    expect400(await t.post('dashboard/review_models/send', { id: spring._id }, staff), 'guest', REVIEWS.guestRequired);
    expect((await t.call(calls.sendModel, { id: 'f'.repeat(24), guest: anna._id }, staff)).answer()).toBe(false);
  });
});
