import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE, REVIEWS, epochToZoned, zonedTimeToEpoch, reviews as calls, type GuestReviewForm, type ReviewModel, type SubmittedReview } from '@campsite/shared';
import { reviewDays, reviewInvitations, reviews } from '../../db/schema';
import { expect400 } from '../../testing/expect400';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { modelBody } from '../../testing/fixtures/reviews';
import { DEFAULT_ADMIN, DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';

const DAY = 86400;
let clock = Date.parse('2025-07-10T06:00:00Z') / 1000;
let t: TestApp;
let smtp: MailServer;
let staff: string;
let model: ReviewModel;
beforeAll(async () => {
  smtp = await startMailServer();
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en'], lang_default: 'fr' });
  staff = (await t.signIn({ reviews: 1 }, 'accueil')).cookie;
  model = (await t.call(calls.insertModel, modelBody(), staff)).answer() as ReviewModel;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
/** A stay ending today at noon (imported in the morning), its guest account (password known) invited by the scan at 13:00; answers the link's token. */
async function invited(name: string, lang = 'en') {
  const email = `${name.toLowerCase()}@example.org`;
  const client = await addClient(t.deps, { firstname: name, lastname: 'Test', email1: email, langage: lang });
  const p = epochToZoned(clock, 'Europe/Paris');
  const day = zonedTimeToEpoch(p.year, p.month, p.day, 0, 0, 'Europe/Paris');
  await addStay(t.deps, { client_number: client.clientNumber, arrival: day - 7 * DAY, departure: day });
  const guest = await addGuest(t.deps, { email, firstname: name, clientNumber: client.clientNumber, langage: lang, password: 'vacances-2025' });
  await t.deps.jobs.ensureRecurring();
  clock = day + 13 * 3600;
  await t.deps.jobs.runDue();
  await t.deps.jobs.runDue();
  clock = day + DAY + 9 * 3600;
  const mail = smtp.mails.find((m) => m.to.includes(email));
  const token = decodeURIComponent(/\?t=([^"&\s]+)/.exec(mail!.html)![1]);
  const cookie = cookieOf(await t.post('webapp/account/login', { email, password: 'vacances-2025' }));
  return { token, guest, cookie };
}
const count = async () => ({ reviews: (await t.deps.db.select().from(reviews)).length, days: (await t.deps.db.select().from(reviewDays)).length });

describe('a guest answers from the invitation', () => {
  it('reads the questionnaire by the link, answers once; a second submit is refused kindly; a forged or altered token is false', async () => {
    const { token } = await invited('Emily');
    const form = (await t.call(calls.form, { token })).answer() as GuestReviewForm;
    expect(form).toMatchObject({ model: model._id, firstname: 'Emily', questions: model.questions });
    expect(form.translations.map((x) => x.lang)).toEqual(['fr', 'en']);
    expect(form.expires).toBeGreaterThan(clock + 29 * DAY);

    const res = (await t.call(calls.submitByToken, { token, answers: [4, 'Great pool;\n"quiet" nights', 0], lang: 'en' })).answer() as SubmittedReview;
    expect(res).toMatchObject({ score: 4, public_link: null });
    const [row] = await t.deps.db.select().from(reviews);
    expect(row).toMatchObject({ lang: 'en', score: 4, answers: [4, 'Great pool;\n"quiet" nights', 0], modelName: 'Fin de séjour' });
    // the day's figures: the review, its score, and each of the three answers
    expect((await count()).days).toBe(5);

    expect((await t.call(calls.submitByToken, { token, answers: [1, null, 2] })).answer()).toEqual({ error: 'answered' });
    expect((await t.call(calls.form, { token })).answer()).toEqual({ error: 'answered' });
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await t.call(calls.form, { token: altered })).answer()).toBe(false);
    expect((await t.call(calls.submitByToken, { token: altered, answers: [5, null, 0] })).answer()).toBe(false);
    expect((await count()).reviews).toBe(1);
  });

  it('refuses a missing mandatory answer or an answer out of range in French, writing nothing', async () => {
    const { token } = await invited('Felix');
    const before = await count();
    const missing = await t.post('webapp/reviews/submit-by-token', { token, answers: [null, 'ok', 1] });
    expect400(missing, 'answers.0', REVIEWS.answerRequired);
    expect(missing.json().message).toBe(CORE.formError);
    expect400(await t.post('webapp/reviews/submit-by-token', { token, answers: [6, null, 1] }), 'answers.0', REVIEWS.answerInvalid);
    expect400(await t.post('webapp/reviews/submit-by-token', { token, answers: [3, null, 3] }), 'answers.2', REVIEWS.answerInvalid);
    expect400(await t.post('webapp/reviews/submit-by-token', { token, answers: [3, 7, 1] }), 'answers.1', REVIEWS.answerInvalid);
    expect(await count()).toEqual(before);
    const [inv] = (await t.deps.db.select().from(reviewInvitations)).filter((r) => r.email === 'felix@example.org');
    expect(inv.answeredTime).toBeNull();
  });

  it('two submits at once on two instances (two taps, two devices) record one review', async () => {
    const { token } = await invited('Gabriel');
    const twin = await t.twin();
    try {
      const before = await count();
      const body = { token, answers: [5, null, 0] };
      const [a, b] = await Promise.all([t.post('webapp/reviews/submit-by-token', body), twin.post('webapp/reviews/submit-by-token', body)]);
      const answers = [a.json(), b.json()];
      expect(answers.filter((x) => x._id)).toHaveLength(1);
      expect(answers.filter((x) => x.error === 'answered')).toHaveLength(1);
      expect((await count()).reviews).toBe(before.reviews + 1);
    } finally {
      await twin.close();
    }
  });

  it('a signed-in guest sees their pending questionnaire and answers it; never another guest’s invitation', async () => {
    const hana = await invited('Hana', 'fr');
    const ivan = await invited('Ivan');
    const pending = (await t.call(calls.pending, undefined, hana.cookie)).answer();
    expect(pending.map((p) => p.firstname)).toEqual(['Hana']);
    const ivans = (await t.call(calls.pending, undefined, ivan.cookie)).answer()[0];
    expect((await t.call(calls.submit, { invitation: ivans.invitation, answers: [1, null, 2] }, hana.cookie)).answer()).toBe(false);
    expect((await t.call(calls.submit, { invitation: pending[0].invitation, answers: [5, 'Parfait', 0] }, hana.cookie)).answer()).toMatchObject({ score: 5 });
    expect((await t.call(calls.pending, undefined, hana.cookie)).answer()).toEqual([]);
    expect((await t.call(calls.pending, undefined, ivan.cookie)).answer()).toHaveLength(1);
  });

  it('offers the public review link to every respondent, and e-mails the staff at once for a low score, with the answers', async () => {
    await t.call(calls.updateSettings, { public_link: 'https://g.page/r/camping-des-pins/review', public_link_label: '', alert_threshold: 2, alert_emails: [] }, staff);
    const high = await invited('Jade');
    expect((await t.call(calls.submitByToken, { token: high.token, answers: [5, null, 0] })).answer()).toMatchObject({ score: 5, public_link: { url: 'https://g.page/r/camping-des-pins/review', label: 'g.page' } });
    const low = await invited('Karl', 'de');
    const before = smtp.mails.length;
    expect((await t.call(calls.submitByToken, { token: low.token, answers: [1, 'Sanitaires sales <b>', 2], lang: 'de' })).answer()).toMatchObject({ score: 1, public_link: { url: 'https://g.page/r/camping-des-pins/review' } });
    await t.deps.jobs.runDue();
    const alerts = smtp.mails.slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].to).toEqual(['accueil@camping.test']);
    expect(alerts[0].subject).toBe('Avis client : note moyenne de 1 / 5');
    expect(alerts[0].replyTo).toContain('karl@example.org');
    expect(alerts[0].text).toContain('Sanitaires sales <b>');
    expect(alerts[0].html).toContain('Sanitaires sales &lt;b&gt;');
    expect(alerts[0].html).toContain('mailto:karl@example.org');
    expect(alerts[0].text).toContain('Non');
  });

  it('a client erased (GDPR): their invitations go, their review stays for the statistics but names nobody', async () => {
    const { token, guest } = await invited('Mona');
    const res = (await t.call(calls.submitByToken, { token, answers: [2, 'Mona, emplacement 12 : trop de bruit', 1] })).answer() as SubmittedReview;
    const [inv] = (await t.deps.db.select().from(reviewInvitations)).filter((r) => r.userId === guest);
    const before = await count();
    const admin = await t.signIn({ users: 1 });
    expect((await t.post('dashboard/clients/delete', { client_number: inv.clientNumber }, admin.cookie)).json()).toBe(true);
    expect((await t.deps.db.select().from(reviewInvitations)).filter((r) => r.clientNumber === inv.clientNumber)).toEqual([]);
    const [row] = (await t.deps.db.select().from(reviews)).filter((r) => r.id === res._id);
    expect(row).toMatchObject({ userId: null, clientNumber: null, stayNumber: null, invitationId: null, answers: [2, null, 1], score: 2 });
    expect(await count()).toEqual(before);
    expect((await t.call(calls.form, { token })).answer()).toBe(false);
  });

  it('the link works while the guest app is closed (application_ouverte off): the invited participant has no account to sign in with', async () => {
    const { token } = await invited('Greta', 'de');
    await setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, application_ouverte: false });
    try {
      // content stays closed to a stranger; the invitation's own calls do not
      expect((await t.get('webapp/reviews/pending')).statusCode).toBe(401);
      const form = (await t.call(calls.form, { token })).answer() as GuestReviewForm;
      expect(form).toMatchObject({ model: model._id, firstname: 'Greta' });
      expect((await t.call(calls.submitByToken, { token, answers: [5, null, 1], lang: 'de' })).answer()).toMatchObject({ score: 5 });
    } finally {
      await setEntry(t.deps.db, 'admin', DEFAULT_ADMIN);
    }
  });

  it('the link ends after 30 days', async () => {
    const { token } = await invited('Lena');
    clock += 31 * DAY;
    expect((await t.call(calls.form, { token })).answer()).toEqual({ error: 'expired' });
    expect((await t.call(calls.submitByToken, { token, answers: [5, null, 0] })).answer()).toEqual({ error: 'expired' });
  });
});
